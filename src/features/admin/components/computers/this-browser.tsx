import { Badge, Button } from '@mantine/core'
import { showToast } from '@/lib/ui/toast'
import { adminText } from '../../text.ts'
import type { LocalAgent } from './agent-printers.tsx'

const t = adminText.computers

/**
 * A workstation's row, on the browser the admin area is open on: 'Désigner ce navigateur' names
 * this browser as that workstation (its printers are then this browser's, whatever its IP), and
 * the workstation it was named as shows 'Ce navigateur' with 'Oublier'.
 */
export function ThisBrowser({ agent, workstation }: { agent: LocalAgent; workstation: string }) {
  const name = (next: string | null) => {
    if (!agent.nameWorkstation(next)) return showToast({ color: 'red', message: t.browserRefused })
    showToast({
      color: 'green',
      message: next === null ? t.browserForgotten(workstation) : t.browserNamed(workstation),
    })
  }
  if (agent.workstation !== workstation)
    return (
      <Button
        variant="default"
        size="xs"
        onClick={() => name(workstation)}
        aria-label={t.nameBrowserOf(workstation)}
      >
        {t.nameBrowser}
      </Button>
    )
  return (
    <>
      <Badge variant="light" color="green" tt="none" size="lg">
        {t.thisBrowser}
      </Badge>
      <Button
        variant="subtle"
        size="xs"
        onClick={() => name(null)}
        aria-label={t.forgetBrowserOf(workstation)}
      >
        {t.forgetBrowser}
      </Button>
    </>
  )
}
