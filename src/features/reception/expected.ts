/**
 * A reception against an expected delivery (a shop's advance shipping notice, issue 34,
 * docs/stock.md), as pure functions of the screen's state: per product, the units announced and
 * those received, received being what the server last counted (`notice`), plus this screen's lines
 * not yet validated, plus this delivery's receptions still waiting in the outbox. The server counts
 * the same way once everything has arrived; until then the screen does not wait for it.
 * Tested in expected.test.ts.
 */
import type { ExpectedReception } from '@contract'
import type { ReceptionState } from './model.ts'
import { text } from './text.ts'

/** The delivery a reception is counted against: its id (what is sent) and the shop's reference (shown). */
export interface ExpectedChoice {
  id: number
  reference: string
}

/** A line of a reception waiting in the outbox, counted against `expected` (its id or reference). */
export interface WaitingUnits {
  expected: number | string
  code: string
  quantity: number
}
/** What the outbox holds of this shop's receptions: units waiting, and the deliveries of refused ones. */
export interface OutboxUnits {
  waiting: WaitingUnits[]
  refused: (number | string)[]
}
export const emptyOutbox: OutboxUnits = { waiting: [], refused: [] }

export type TallyState = 'short' | 'complete' | 'over' | 'unexpected'
export interface TallyRow {
  sku: string
  /** '' when unknown (a code received offline that matches nothing announced). */
  ean13: string
  name: string
  /** Units announced; null for a product the notice did not announce. */
  expected: number | null
  /** Everything received: counted by the server, open on this screen, waiting in the outbox. */
  received: number
  /** Of which in this screen's lines, not validated yet. */
  open: number
  /** Of which validated but waiting in the outbox. */
  waiting: number
  state: TallyState
}

interface Unit {
  code: string
  sku?: string
  ean13?: string
  name?: string
  quantity: number
}
interface Row extends Omit<TallyRow, 'received' | 'state'> {
  /** As the server last counted it. */
  counted: number
}

const upper = (s: string | undefined) => (s ? [s.toUpperCase()] : [])
/** A unit is a row's product when its code (an EAN or a SKU, checked or not), SKU or EAN is the row's. */
const matches = (unit: Omit<Unit, 'quantity'>, row: { sku: string; ean13: string }) => {
  const keys = [...upper(unit.code), ...upper(unit.sku), ...upper(unit.ean13)]
  return keys.some((k) => k === row.sku.toUpperCase() || k === row.ean13.toUpperCase())
}

const stateOf = (expected: number | null, received: number): TallyState =>
  expected === null
    ? 'unexpected'
    : received < expected
      ? 'short'
      : received === expected
        ? 'complete'
        : 'over'

/** A delivery's figures: its lines in the notice's order, then the products it did not announce. */
export function tally(notice: ExpectedReception, open: Unit[], waiting: Unit[]): TallyRow[] {
  const rows: Row[] = [
    ...notice.lines.map((l) => ({ ...l, expected: l.expected as number | null, counted: l.received })),
    ...notice.unexpected.map((u) => ({ ...u, expected: null, counted: u.received })),
  ].map(({ sku, ean13, name, expected, counted }) => ({
    sku,
    ean13,
    name,
    expected,
    counted,
    open: 0,
    waiting: 0,
  }))
  const add = (unit: Unit, field: 'open' | 'waiting') => {
    let row = rows.find((r) => matches(unit, r))
    if (!row) {
      const sku = unit.sku ?? unit.code
      row = {
        sku,
        ean13: unit.ean13 ?? '',
        name: unit.name ?? sku,
        expected: null,
        counted: 0,
        open: 0,
        waiting: 0,
      }
      rows.push(row)
    }
    row[field] += unit.quantity
  }
  for (const unit of open) add(unit, 'open')
  for (const unit of waiting) add(unit, 'waiting')
  return rows.map(({ counted, ...row }) => {
    const received = counted + row.open + row.waiting
    return { ...row, received, state: stateOf(row.expected, received) }
  })
}

/** This delivery's units waiting in the outbox (the screen always names it by its id). */
const waitingFor = (state: ReceptionState, choice: ExpectedChoice) =>
  state.outbox.waiting.filter((w) => w.expected === choice.id || w.expected === choice.reference)

/** The chosen delivery's figures, or null: none chosen, or its notice never read (offline from the start). */
export function tallyOf(state: ReceptionState): TallyRow[] | null {
  const choice = state.expected
  if (!choice || state.notice?.id !== choice.id) return null
  return tally(state.notice, state.lines, waitingFor(state, choice))
}

/**
 * What a product scan says against the delivery: over what was announced, or not announced at
 * all (allowed: the worker sees it, the close reports it). Null when the scan fits.
 */
export function scanNote(state: ReceptionState, product: Omit<Unit, 'quantity'>): string | null {
  const row = tallyOf(state)?.find((r) => matches(product, r))
  if (!row || !state.expected) return null
  if (row.state === 'unexpected') return text.unexpectedScan(row.name, state.expected.reference)
  if (row.state === 'over') return text.overScan(row.name, row.received, row.expected ?? 0)
  return null
}

/** The differences a close reports: products short, over, and not announced. */
export function differences(rows: TallyRow[]) {
  const count = (s: TallyState) => rows.filter((r) => r.state === s).length
  return { short: count('short'), over: count('over'), unexpected: count('unexpected') }
}

/** Why the chosen delivery cannot be closed now, or null. */
export function closeProblem(state: ReceptionState): string | null {
  const choice = state.expected
  if (!choice) return null
  if (state.lines.length > 0) return text.validateFirst
  if (state.outbox.refused.some((r) => r === choice.id || r === choice.reference)) return text.refusedFirst
  return null
}

/** The confirmation a close asks: the delivery and its differences as the screen counts them. */
export function closeQuestion(state: ReceptionState): string {
  const rows = tallyOf(state)
  const reference = state.expected?.reference ?? ''
  return rows === null ? text.closeUnknown(reference) : text.closeAsk(reference, differences(rows))
}

/** The chosen delivery, when the server last said it is no longer open: what to do instead. */
export function choiceProblem(state: ReceptionState): string | null {
  const notice = state.notice
  if (!state.expected || notice?.id !== state.expected.id || notice.status === 'open') return null
  return notice.status === 'completed'
    ? text.deliveryCompleted(notice.reference)
    : text.deliveryCancelled(notice.reference)
}

/** A product the chosen delivery's notice names (announced, or counted as not announced), as a line takes it. */
export function noticeProduct(state: ReceptionState, codes: ReadonlySet<string>) {
  const notice = state.notice?.id === state.expected?.id ? state.notice : null
  const found = [...(notice?.lines ?? []), ...(notice?.unexpected ?? [])].find((p) =>
    [p.sku, p.ean13].some((k) => k !== '' && codes.has(k.toUpperCase())),
  )
  return found && { code: found.sku, sku: found.sku, ean13: found.ean13, name: found.name, verified: true }
}
