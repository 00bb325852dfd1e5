/**
 * What 'Valider le retour' needs and what it sends (part of the pure model, model.ts): a parcel,
 * an origin, at least one item, each line complete (a location for a restock, a reason for a
 * scrap, no more than the order may bring back), and a wait reason when the return will wait (a
 * parcel without order, an item not in the order).
 */
import { unplacedMessages } from '@/lib/refusal'
import { countArticles, lineProblem } from './lines.ts'
import type { Parcel, ReturnBody, ReturnState } from './state.ts'
import { text as t } from './text.ts'

/** The return will wait for a decision: it needs a wait reason. */
export const needsWaitReason = (state: Pick<ReturnState, 'parcel' | 'lines'>) =>
  state.parcel?.kind === 'parked' || state.lines.some((l) => l.inOrder === false)

/** A wait reason may be given beforehand: the order could not be checked, the server sorts the items. */
export const mayWaitReason = (state: Pick<ReturnState, 'parcel'>) => state.parcel?.kind === 'unverified'

/** What is still missing before 'Valider' (in the order the worker does it); empty when it can be sent. */
export function missing(state: ReturnState): string[] {
  const out: string[] = []
  if (state.parcel === null) return [t.todoParcel]
  if (state.origin === null) out.push(t.todoOrigin)
  if (needsWaitReason(state) && state.waitReason === null) out.push(t.todoWaitReason)
  if (state.lines.length === 0) out.push(t.todoItem)
  else if (state.lines.some((l) => lineProblem(state.parcel, state.lines, l) !== undefined))
    out.push(t.todoLines)
  return out
}

export const canSubmit = (state: ReturnState) => missing(state).length === 0

/** The order as the notice and the outbox say it ('commande ML-0042', 'colis sans commande'). */
export function whatOf(parcel: Parcel | null): string {
  if (parcel === null || parcel.kind === 'parked') return t.what(null)
  return t.what(parcel.kind === 'order' ? parcel.order.name : parcel.code)
}

/**
 * The write a validation sends: the order as scanned (its number or a tracking number; null when
 * parked, the scanned code then kept in the note), each line with what its disposition needs.
 * `ids` are the lines in the order sent, for a refusal's 'lines.N'. Call after canSubmit.
 */
export function returnWrite(state: ReturnState) {
  const { parcel, origin, waitReason, lines } = state
  if (parcel === null || origin === null) throw new Error('returnWrite: nothing to send')
  const wait = needsWaitReason(state) || mayWaitReason(state) ? waitReason : null
  const body: ReturnBody = {
    order: parcel.kind === 'parked' ? null : parcel.code,
    origin,
    ...(wait !== null && { waitReason: wait }),
    lines: lines.map((l) => ({
      code: l.code,
      quantity: l.quantity,
      condition: l.condition,
      disposition: l.disposition,
      ...(l.disposition === 'restock' && l.location !== null && { location: l.location }),
      ...(l.disposition === 'scrap' && l.rebutReason !== null && { rebutReason: l.rebutReason }),
    })),
    ...(parcel.kind === 'parked' && parcel.code !== null && { note: t.parkedNote(parcel.code) }),
  }
  const count = countArticles(lines)
  const what = whatOf(parcel)
  return {
    write: { kind: 'return' as const, body },
    label: t.label(what, count),
    what,
    count,
    ids: lines.map((l) => l.id),
  }
}

/** The body paths shown next to their field; a line's go under the line (model.ts refused). */
const PLACED = new Set(['order', 'origin', 'waitReason'])
const placed = (path: string) => PLACED.has(path) || /^lines\.\d+(\.|$)/.test(path)

/** Each field's message: the screen's own check first, else the server's refusal of it. */
export function fieldErrors(state: ReturnState) {
  const fields = state.refusal?.fields ?? {}
  return {
    parcel: state.parcelError ?? fields.order,
    origin: fields.origin,
    waitReason: fields.waitReason,
    item: state.itemError,
    location: state.locationError,
  }
}

/** The refusal's message and its field messages no field shows, each once. */
export const barErrors = (state: ReturnState) => unplacedMessages(state.refusal, placed)

/** What 'Annuler' would erase, or null when there is nothing. */
export const cancelWhat = (state: ReturnState) =>
  state.parcel === null && state.replaces === null
    ? null
    : t.cancelWhat(whatOf(state.parcel), countArticles(state.lines))
