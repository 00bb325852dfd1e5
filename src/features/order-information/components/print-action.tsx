import { Button, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useState } from 'react'
import { orderInformationText as text } from '../text.ts'

type Outcome = { ok: boolean; text: string }

/**
 * A print started from a button (a parcel's label, a customization PDF): busy while it runs, then
 * what came of it, said under the button. The printing feature's errors are French and meant for
 * the user (no printer, no agent…), so they are shown as they are.
 */
export function usePrintAction(onPrint: () => Promise<void>, sent: string) {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const run = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      await onPrint()
      setOutcome({ ok: true, text: sent })
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : text.unexpected })
    } finally {
      setBusy(false)
    }
  }
  return { busy, outcome, run: () => void run() }
}

type PrintAction = ReturnType<typeof usePrintAction>

/** The action's button; `name` says what it prints, for a screen reader and the tests. */
export function PrintButton({
  action,
  name,
  label,
  mt,
}: {
  action: PrintAction
  name: string
  label: string
  mt?: number
}) {
  return (
    <Button
      h={48}
      mt={mt}
      variant="default"
      leftSection={<IconPrinter size={18} />}
      loading={action.busy}
      onClick={action.run}
      aria-label={name}
    >
      {label}
    </Button>
  )
}

export function PrintOutcome({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null
  return (
    <Text size="sm" c={outcome.ok ? 'green.8' : 'red.8'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Text>
  )
}
