import { Stack, Text } from '@mantine/core'
import type { ReasonsQuery } from '../api.ts'
import { lineError, limitOf, type ReturnEvent, type ReturnState } from '../model.ts'
import { text as t } from '../text.ts'
import { ReturnLineCard, type LineActions } from './return-line-card.tsx'

interface ReturnLinesProps {
  state: ReturnState
  scrapReasons: ReasonsQuery
  disabled: boolean
  /** A tap's event (the focus then goes back to the scan field). */
  tap: (event: ReturnEvent) => void
  onTapped: () => void
}

/** The items received so far, newest first (the one just scanned is at hand). */
export function ReturnLines({ state, scrapReasons, disabled, tap, onTapped }: ReturnLinesProps) {
  const { parcel, lines } = state
  const actions: LineActions = {
    condition: (id, condition) => tap({ type: 'conditionSet', id, condition }),
    disposition: (id, disposition) => tap({ type: 'dispositionSet', id, disposition }),
    reason: (id, reason) => tap({ type: 'rebutReasonSet', id, reason }),
    quantity: (id, quantity) => tap({ type: 'quantitySet', id, quantity }),
    askLocation: (id) => tap({ type: 'locationAsked', id }),
    split: (id) => tap({ type: 'lineSplit', id }),
    remove: (id) => tap({ type: 'lineRemoved', id }),
  }
  return (
    <Stack gap="xs" aria-label={t.lines} role="region">
      <Text fw={600}>{t.lines}</Text>
      {lines.length === 0 ? <Text c="dimmed">{t.noLine}</Text> : null}
      {[...lines].reverse().map((line) => (
        <ReturnLineCard
          key={line.id}
          line={line}
          max={limitOf(parcel, lines, line)}
          limited={line.inOrder === true && parcel?.kind === 'order'}
          error={lineError(parcel, lines, line)}
          asking={state.askLocation === line.id}
          scrapReasons={scrapReasons}
          disabled={disabled}
          actions={actions}
          onTapped={onTapped}
        />
      ))}
    </Stack>
  )
}
