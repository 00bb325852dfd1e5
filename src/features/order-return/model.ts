/**
 * A customer return as a pure model (the scan-flow pattern, docs/scan-screen.md): scan the parcel (its tracking
 * number or its order), choose the origin, scan each item (each scan of the same item adds 1), set
 * its condition and disposition (back to stock in a scanned location, quarantine, scrap with a
 * reason), validate one write. Nothing more than shipped and not yet returned is taken: a scan
 * beyond is refused on the device; an item not in the order is kept 'hors commande' and the return
 * then needs a wait reason, as does a parcel parked without an order. Unit-tested in model.test.ts;
 * scan.ts says what a scan does, rules.ts what 'Valider' needs and sends, the component wires them.
 */
import { lineFields } from '@/lib/refusal'
import { conditioned, disposed, edited, editLine, placed, scanned, split } from './edits.ts'
import { notReturnable } from './lines.ts'
import { restoredLines } from './reopen.ts'
import type { OrderPreview, ReturnEvent, ReturnState } from './state.ts'
import { initialReturn } from './state.ts'
import { text as t } from './text.ts'

export * from './lines.ts'
export * from './rules.ts'
export * from './state.ts'

export const RECENT = 5

/** The next parcel: the origin stays (usually the same for a batch of returns), the rest goes. */
function sent(state: ReturnState, event: Extract<ReturnEvent, { type: 'sent' }>): ReturnState {
  const tone = event.queued || event.waiting ? ('warning' as const) : ('success' as const)
  const text = (event.queued ? t.queued : event.waiting ? t.doneWaiting : t.done)(event.what, event.count)
  const item = {
    id: `R${state.nextId}`,
    text: t.recentLine(event.what, event.count),
    status: event.queued ? ('queued' as const) : ('sent' as const),
  }
  return {
    ...initialReturn,
    origin: state.origin,
    notice: { tone, text },
    recent: [item, ...state.recent].slice(0, RECENT),
    nextId: state.nextId + 1,
  }
}

function refused(state: ReturnState, event: Extract<ReturnEvent, { type: 'refused' }>): ReturnState {
  const errors = new Map(
    event.ids.map((id, i) => [id, Object.values(lineFields(event.refusal, i)).join(' ')]),
  )
  return {
    ...state,
    refusal: event.refusal,
    notice: null,
    lines: state.lines.map((l) => ({ ...l, error: errors.get(l.id) || undefined })),
  }
}

/** Why a refused return cannot be taken back now (the parcel in progress would be lost), or null. */
export const takeBackBlocked = (state: ReturnState): string | null =>
  state.parcel !== null || state.lines.length > 0 ? t.reopenBusy : null

function reopened(state: ReturnState, event: Extract<ReturnEvent, { type: 'reopened' }>): ReturnState {
  // The correction of this very write, given back by the draft: it is kept as the worker left it.
  if (state.replaces === event.outboxId) return state
  const blocked = takeBackBlocked(state)
  if (blocked) return { ...state, refusal: { message: blocked, fields: {} } }
  const { body, parcel } = event
  const { lines, nextId } = restoredLines(body.lines, parcel, state.nextId)
  return refused(
    {
      ...state,
      parcel,
      origin: body.origin,
      waitReason: body.waitReason ?? null,
      lines,
      nextId,
      askLocation: null,
      replaces: event.outboxId,
    },
    { type: 'refused', refusal: event.refusal, ids: lines.map((l) => l.id) },
  )
}

export function reduceReturn(state: ReturnState, event: ReturnEvent): ReturnState {
  switch (event.type) {
    case 'parcelFound':
      return edited(state, {
        parcel: { kind: 'order', code: event.code, order: event.order },
        notFound: null,
        parcelError: undefined,
      })
    case 'parcelUnverified':
      return edited(state, {
        parcel: { kind: 'unverified', code: event.code, why: event.why },
        notFound: null,
        parcelError: undefined,
      })
    case 'parcelNotFound':
      return { ...state, notFound: event.code, parcelError: t.notFound(event.code), notice: null }
    case 'parcelRefused':
      return { ...state, notFound: event.code ?? null, parcelError: event.message, notice: null }
    case 'parked':
      return edited(state, {
        parcel: { kind: 'parked', code: state.notFound },
        notFound: null,
        parcelError: undefined,
      })
    case 'changeParcel':
      // Only before any item: the items were checked against this order.
      return state.lines.length > 0
        ? state
        : edited(state, { parcel: null, notFound: null, parcelError: undefined })
    case 'originPicked':
      return edited(state, { origin: event.id })
    case 'waitReasonPicked':
      return edited(state, { waitReason: event.id })
    case 'itemScanned':
      return scanned(state, event.item)
    case 'itemRefused':
      return { ...state, itemError: event.message, notice: null }
    case 'locationAsked':
      return state.lines.some((l) => l.id === event.id && l.disposition === 'restock')
        ? { ...state, askLocation: event.id, locationError: undefined }
        : state
    case 'locationScanned':
      return placed(state, event.name, event.verified)
    case 'locationRefused':
      return { ...state, locationError: event.message }
    case 'locationSkipped':
      return { ...state, askLocation: null, locationError: undefined }
    case 'conditionSet':
      return conditioned(state, event.id, event.condition)
    case 'dispositionSet':
      return disposed(state, event.id, event.disposition)
    case 'rebutReasonSet':
      return editLine(state, event.id, () => ({ rebutReason: event.reason }))
    case 'quantitySet':
      return event.quantity >= 1 ? editLine(state, event.id, () => ({ quantity: event.quantity })) : state
    case 'lineSplit':
      return split(state, event.id)
    case 'lineRemoved': {
      const next = edited(state, { lines: state.lines.filter((l) => l.id !== event.id) })
      return state.askLocation === event.id ? { ...next, askLocation: null } : next
    }
    case 'cancelled':
      return { ...initialReturn, origin: state.origin, recent: state.recent, nextId: state.nextId }
    case 'sent':
      return sent(state, event)
    case 'refused':
      return refused(state, event)
    case 'restored': {
      const { parcel, origin, waitReason, lines, askLocation, replaces, nextId } = event.saved
      return { ...state, parcel, origin, waitReason, lines, askLocation, replaces, nextId }
    }
    case 'reopened':
      return reopened(state, event)
  }
}

/**
 * The event of an order found for the parcel (scanned, or picked in a shop's search): taken, or
 * refused now rather than at validation when it cannot take a return (the parcel may be parked).
 */
export function orderFound(code: string, order: OrderPreview): ReturnEvent {
  const refusal = notReturnable(order)
  return refusal ? { type: 'parcelRefused', message: refusal, code } : { type: 'parcelFound', code, order }
}

/** The field that takes the next scan: the parcel, then the items (or the location a restock asks). */
export function activeField(state: ReturnState): 'parcel' | 'location' | 'item' {
  if (state.parcel === null) return 'parcel'
  return state.askLocation !== null ? 'location' : 'item'
}

/** The flow of the screen (useScanFlow's model), starting from the origin used last. */
export const returnModel = (origin: number | null = null) => ({
  initial: { ...initialReturn, origin },
  reduce: reduceReturn,
  activeField,
})
