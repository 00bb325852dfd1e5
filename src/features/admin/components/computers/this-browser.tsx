import { Badge, Button } from '@mantine/core'
import { showToast } from '@/lib/ui/toast'
import { adminText } from '../../text.ts'
import type { LocalAgent } from './agent-printers.tsx'

const t = adminText.computers

/**
 * A workstation's row, on the browser the admin area is open on: 'Désigner ce navigateur' names
 * this browser as that workstation (its printers are then this browser's, whatever its IP), and
 * the workstation it was named as shows 'Ce navigateur' with 'Oublier'. One button for both, so
 * the keyboard focus stays on it when it turns from one into the other.
 */
export function ThisBrowser({ agent, workstation }: { agent: LocalAgent; workstation: string }) {
  const named = agent.workstation === workstation
  const toggle = () => {
    if (!agent.nameWorkstation(named ? null : workstation))
      return showToast({ color: 'red', message: t.browserRefused })
    showToast({
      color: 'green',
      message: named ? t.browserForgotten(workstation) : t.browserNamed(workstation),
    })
  }
  return (
    <>
      {named ? (
        <Badge variant="light" color="green" tt="none" size="lg">
          {t.thisBrowser}
        </Badge>
      ) : null}
      <Button
        variant={named ? 'subtle' : 'default'}
        size="xs"
        onClick={toggle}
        aria-label={named ? t.forgetBrowserOf(workstation) : t.nameBrowserOf(workstation)}
      >
        {named ? t.forgetBrowser : t.nameBrowser}
      </Button>
    </>
  )
}
