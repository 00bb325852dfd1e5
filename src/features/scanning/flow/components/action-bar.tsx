import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { flowText } from '../text.ts'
import classes from './action-bar.module.css'

export interface ActionBarProps {
  validateLabel: string
  canValidate: boolean
  /** The write is on its way. */
  busy: boolean
  onValidate: () => void
  /** Drops the work in progress; asks a second tap when `cancelWhat` says something would be lost. */
  onCancel?: () => void
  /** What a cancel would erase ('3 lignes'), or null when there is nothing to lose. */
  cancelWhat?: string | null
  /** The refusal and every message not shown next to a field, each once. */
  errors: string[]
  /** Called after a tap on a button, so the focus goes back to the scan field. */
  onTapped?: () => void
  /** A screen's own buttons, in the row before 'Valider' (e.g. the picking screen's 'Passer', 'Manquant'). */
  children?: ReactNode
}

/** The sticky bottom bar of a scan flow: one error list, 'Valider', 'Annuler' with a confirmation. */
export function ActionBar(props: ActionBarProps) {
  const { validateLabel, canValidate, busy, onValidate, onCancel, cancelWhat, errors, onTapped, children } =
    props
  const [confirming, setConfirming] = useState(false)
  const cancel = () => {
    if (cancelWhat && !confirming) {
      setConfirming(true)
      return
    }
    setConfirming(false)
    onCancel?.()
    onTapped?.()
  }
  return (
    <div className={classes.bar}>
      <Stack gap="xs">
        {errors.length > 0 ? (
          <Alert color="red" role="alert" title={flowText.refusedTitle} p="xs">
            <Stack gap={2}>
              {errors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {confirming && cancelWhat ? <Text size="sm">{flowText.confirmCancelHint(cancelWhat)}</Text> : null}
        <Group grow gap="xs" wrap="nowrap">
          {children}
          <Button
            h={48}
            // While a cancel waits for its second tap, only that red button is red: two red buttons side
            // by side for opposite actions read as one (issue 31).
            variant={confirming ? 'default' : 'filled'}
            disabled={!canValidate}
            loading={busy}
            onClick={() => {
              setConfirming(false)
              onValidate()
              onTapped?.()
            }}
          >
            {validateLabel}
          </Button>
          {onCancel ? (
            <Button
              h={48}
              variant={confirming ? 'filled' : 'default'}
              color={confirming ? 'red' : undefined}
              disabled={busy || cancelWhat === null}
              onClick={cancel}
              onBlur={() => setConfirming(false)}
            >
              {confirming ? flowText.confirmCancel : flowText.cancel}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </div>
  )
}
