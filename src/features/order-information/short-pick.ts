/**
 * The supervisor's three ways out of a short pick (issue 31, docs/outbound.md "Short picks"),
 * as the order detail offers them: each with what it does, and disabled with the
 * reason when it cannot apply (no consent to partial shipment, nothing picked to ship). Pure, so
 * unit-tested without React (short-pick.test.ts).
 */
import type { OrderDetail, OrderHold, OrderTimelineEntry, ShortPickDecision } from '@contract'
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

/**
 * What a decision did, said after it (the panel goes with the exception): the status history's
 * reason, which names the units to put away (the ledger has them on their shelves already), and
 * the crate set free when the order left it.
 */
export function decisionSaid(answer: OrderDetail, hold: OrderHold): string {
  const decided = answer.timeline
    .filter((entry) => entry.from === 'exception')
    .reduce<OrderTimelineEntry | null>(
      (last, entry) => (last === null || entry.at >= last.at ? entry : last),
      null,
    )
  const said = decided?.reason ?? t.decided
  return hold.tote !== null && answer.order.status !== 'picked' ? `${said}. ${t.toteFreed(hold.tote)}` : said
}
