/**
 * The supervisor's three ways out of a short pick (issue 31, docs/outbound-domain.md "Short picks,
 * end to end"), as the order detail offers them: each with what it does, and disabled with the
 * reason when it cannot apply (no consent to partial shipment, nothing picked to ship). Pure, so
 * unit-tested without React (short-pick.test.ts).
 */
import type { OrderDetail, ShortPickDecision } from '@contract'
import { orderInformationText as text } from './text.ts'

const t = text.hold

export interface DecisionChoice {
  decision: ShortPickDecision
  label: string
  /** What it does, said before it is confirmed. */
  hint: string
  /** Why it cannot be taken, or null. */
  disabled: string | null
}

/** The choices for an order in exception on a short pick; none for any other order. */
export function decisionsOf(detail: OrderDetail): DecisionChoice[] {
  if (detail.order.status !== 'exception' || detail.hold?.kind !== 'short_pick') return []
  const picked = detail.lines.reduce((n, line) => n + line.picked, 0)
  const partial = !detail.order.partialAllowed ? t.noConsentWhy : picked === 0 ? t.nothingPickedWhy : null
  return [
    { decision: 'ship_partial', label: t.shipPartial, hint: t.shipPartialHint(picked), disabled: partial },
    { decision: 'wait_stock', label: t.waitStock, hint: t.waitStockHint, disabled: null },
    { decision: 'cancel', label: t.cancel, hint: t.cancelHint, disabled: null },
  ]
}
