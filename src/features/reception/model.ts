/**
 * Reception as a pure model (the scan-flow pattern, docs/scan-screen.md): scan the destination location, then
 * the products received (each scan adds 1 at the destination); correct the lines; validate them
 * in one write. Unit-tested in model.test.ts; the component only wires it.
 */
import { MAX_LINE_QUANTITY, type BodyOf, type endpoints, type ExpectedReception } from '@contract'
import { lineFields, totalsText, type Refusal } from '@/features/scanning'
import { closeCleared, noDelivery, reduceDelivery, type DeliveryEvent } from './delivery.ts'
import type { SavedReception } from './draft.ts'
import { scanNote, type ExpectedChoice, type OutboxUnits } from './expected.ts'
import { text } from './text.ts'

export interface Product {
  /** What is sent: the SKU of a checked product, else the code as scanned (the server checks it). */
  code: string
  sku?: string
  ean13?: string
  name: string
  /** False when the look-up could not reach the server: the write will check it. */
  verified: boolean
}
export interface Line extends Product {
  id: string
  location: string
  quantity: number
  /** The server's refusal of this line, from the last validation. */
  error?: string
}
export interface ReceptionState {
  destination: string | null
  /** Newest first. */
  lines: Line[]
  nextId: number
  destinationError?: string
  productError?: string
  /**
   * A known location scanned at the product step while lines are open (issue 31: the next pallet's
   * location): it becomes the destination once scanned again, so a stray scan moves nothing.
   */
  proposed?: string
  refusal: Refusal | null
  /** The outbox item (a refused write) this reception corrects: it is replaced when this one is sent. */
  replaces: number | null
  last: { lines: number; articles: number; queued: boolean } | null
  /** The expected delivery the units are counted against (issue 34); null: a reception without notice. */
  expected: ExpectedChoice | null
  /** That delivery as the server last counted it; read again after a reload, never kept in the draft. */
  notice: ExpectedReception | null
  /** This shop's receptions in the outbox: waiting units count as received, a refused one holds the close. */
  outbox: OutboxUnits
  /** What the last product scan says against the delivery: over what was announced, or not announced. */
  scanNote?: string
  /** 'Clôturer la réception' was asked: its confirmation shows. */
  closeAsked: boolean
  closeError?: string
}

export type ReceptionBody = BodyOf<typeof endpoints.receptionAdd>

export type ReceptionEvent =
  | { type: 'destinationScanned'; name: string }
  | { type: 'destinationRefused'; message: string }
  | { type: 'changeDestination' }
  /** A known location scanned at the product step: the next pallet's destination. */
  | { type: 'locationScanned'; name: string }
  | { type: 'productScanned'; product: Product }
  | { type: 'productRefused'; message: string }
  | { type: 'quantitySet'; id: string; quantity: number }
  | { type: 'lineMoved'; id: string; location: string }
  /** The new location typed or scanned for a line was refused (unknown, a product code). */
  | { type: 'lineMoveRefused'; id: string; message: string }
  | { type: 'lineRemoved'; id: string }
  | { type: 'cancelled' }
  | { type: 'sent'; ids: string[]; queued: boolean }
  | { type: 'refused'; refusal: Refusal; ids: string[] }
  | { type: 'restored'; saved: SavedReception }
  | {
      type: 'reopened'
      body: ReceptionBody
      refusal: Refusal
      outboxId: number
      expected?: ExpectedChoice | null
    }
  | DeliveryEvent

export const initialReception: ReceptionState = {
  destination: null,
  lines: [],
  nextId: 1,
  refusal: null,
  replaces: null,
  last: null,
  ...noDelivery,
}

const keysOf = (p: Product) =>
  [p.code, p.sku, p.ean13].filter((k): k is string => !!k).map((k) => k.toUpperCase())
export const sameProduct = (a: Product, b: Product) => keysOf(a).some((k) => keysOf(b).includes(k))
export const countArticles = (lines: Line[]) => lines.reduce((n, l) => n + l.quantity, 0)
/** The most one line may carry (the contract's ceiling). */
export const MAX_QUANTITY = MAX_LINE_QUANTITY
const clamp = (n: number) => Math.min(Math.max(Math.trunc(n), 1), MAX_LINE_QUANTITY)

/** Any change to what will be sent: the last refusal no longer applies (its line errors go with it). */
const edited = (state: ReceptionState, lines: Line[]): ReceptionState => ({
  ...state,
  lines: lines.map(({ error: _error, ...line }) => line),
  refusal: null,
  productError: undefined,
  scanNote: undefined,
  ...closeCleared,
})

function addOne(state: ReceptionState, product: Product, location: string): ReceptionState {
  const same = state.lines.find((l) => l.location === location && sameProduct(l, product))
  if (same) {
    if (same.quantity >= MAX_LINE_QUANTITY)
      return { ...state, productError: text.atMost(same.name, MAX_LINE_QUANTITY) }
    return edited(
      state,
      state.lines.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l)),
    )
  }
  const line: Line = { ...product, id: `L${state.nextId}`, location, quantity: 1 }
  return { ...edited(state, [line, ...state.lines]), nextId: state.nextId + 1 }
}

function moveLine(state: ReceptionState, id: string, location: string): ReceptionState {
  const line = state.lines.find((l) => l.id === id)
  if (!line || line.location === location) return state
  // The same product is already listed there: one line with both quantities.
  const twin = state.lines.find((l) => l.id !== id && l.location === location && sameProduct(l, line))
  // Refused, never lowered silently: the worker splits the quantity first.
  if (twin && twin.quantity + line.quantity > MAX_LINE_QUANTITY)
    return lineError(state, id, text.atMost(line.name, MAX_LINE_QUANTITY))
  const lines = twin
    ? state.lines
        .filter((l) => l.id !== id)
        .map((l) => (l === twin ? { ...l, quantity: l.quantity + line.quantity } : l))
    : state.lines.map((l) => (l.id === id ? { ...l, location } : l))
  return edited(state, lines)
}

const lineError = (state: ReceptionState, id: string, error: string): ReceptionState => ({
  ...state,
  lines: state.lines.map((l) => (l.id === id ? { ...l, error } : l)),
})

/**
 * The open lines keep the location they were scanned for; only the next scans go to the new one.
 * With lines open the worker is asked first (the same location scanned again confirms), as a
 * location scan there more often means a pallet not yet validated than a mistake.
 */
function locationScanned(state: ReceptionState, name: string): ReceptionState {
  if (name === state.destination) return { ...state, productError: undefined, proposed: undefined }
  if (state.lines.length === 0 || state.proposed === name)
    return {
      ...state,
      destination: name,
      productError: undefined,
      destinationError: undefined,
      proposed: undefined,
    }
  return { ...state, proposed: name, productError: text.confirmDestination(name, state.lines.length) }
}

/** Lines in the order they are sent (oldest scan first): a refusal's 'lines.N' counts in this order. */
export const sendOrder = (lines: Line[]) => [...lines].reverse()

function refused(state: ReceptionState, refusal: Refusal, ids: string[]): ReceptionState {
  const errors = new Map(ids.map((id, index) => [id, Object.values(lineFields(refusal, index)).join(' ')]))
  return {
    ...state,
    refusal,
    lines: state.lines.map((l) => ({ ...l, error: errors.get(l.id) || undefined })),
  }
}

export function reduceReception(state: ReceptionState, event: ReceptionEvent): ReceptionState {
  switch (event.type) {
    case 'destinationScanned':
      return { ...state, destination: event.name, destinationError: undefined, productError: undefined }
    case 'destinationRefused':
      return { ...state, destinationError: event.message }
    case 'changeDestination':
      return { ...state, destination: null, productError: undefined, proposed: undefined }
    case 'locationScanned':
      return locationScanned(state, event.name)
    case 'productScanned': {
      if (state.destination === null) return state
      const next = { ...addOne(state, event.product, state.destination), proposed: undefined }
      return next.productError ? next : { ...next, scanNote: scanNote(next, event.product) ?? undefined }
    }
    case 'productRefused':
      return { ...state, productError: event.message }
    case 'quantitySet':
      return edited(
        state,
        state.lines.map((l) => (l.id === event.id ? { ...l, quantity: clamp(event.quantity) } : l)),
      )
    case 'lineMoved':
      return moveLine(state, event.id, event.location.trim())
    case 'lineMoveRefused':
      return lineError(state, event.id, event.message)
    case 'lineRemoved':
      return edited(
        state,
        state.lines.filter((l) => l.id !== event.id),
      )
    case 'cancelled': {
      const { destination, nextId, last, expected, notice, outbox } = state
      return { ...initialReception, destination, nextId, last, expected, notice, outbox }
    }
    case 'sent': {
      const sent = state.lines.filter((l) => event.ids.includes(l.id))
      const lines = state.lines.filter((l) => !event.ids.includes(l.id))
      return {
        ...edited(state, lines),
        replaces: null,
        last: { lines: sent.length, articles: countArticles(sent), queued: event.queued },
      }
    }
    case 'refused':
      return refused(state, event.refusal, event.ids)
    case 'restored':
      return restore(state, event.saved)
    case 'reopened': {
      // The correction of this very write, given back by the draft: it is kept as the worker left it.
      if (state.replaces === event.outboxId) return state
      const blocked = takeBackBlocked(state)
      if (blocked) return { ...state, refusal: { message: blocked, fields: {} } }
      const lines: Line[] = event.body.lines.map((l, i) => ({
        code: l.code,
        name: l.code,
        verified: false,
        id: `R${i}`,
        location: l.location,
        quantity: l.quantity,
      }))
      const expected = event.expected ?? null
      const base = {
        ...initialReception,
        destination: lines.at(-1)?.location ?? null,
        nextId: state.nextId,
        lines: lines.reverse(),
        replaces: event.outboxId,
        expected,
        notice: state.notice?.id === expected?.id ? state.notice : null,
        outbox: state.outbox,
      }
      return refused(
        base,
        event.refusal,
        sendOrder(base.lines).map((l) => l.id),
      )
    }
    default:
      return reduceDelivery(state, event)
  }
}

/** Why a refused reception cannot be taken back now (the reception in progress would be lost), or null. */
export const takeBackBlocked = (state: ReceptionState): string | null =>
  state.lines.length > 0 ? text.reopenBusy : null

/** The field that takes the next scan. */
export const activeField = (state: ReceptionState) => (state.destination === null ? 'destination' : 'product')

export const canSubmit = (state: ReceptionState) => state.lines.length > 0

/** The write a validation sends, its outbox label, and the lines it carries (in send order). */
export function receptionWrite(state: ReceptionState, shopSlug: string) {
  const sent = sendOrder(state.lines)
  const expected = state.expected
  const lines = sent.map((l) => ({ code: l.code, quantity: l.quantity, location: l.location }))
  // By its id: the outbox orders the delivery's close behind it by that id (outbox/registry.ts).
  const body: ReceptionBody = expected ? { lines, expected: expected.id } : { lines }
  const what = expected ? `Réception « ${expected.reference} »` : 'Réception'
  return {
    write: { kind: 'reception' as const, shopSlug, body },
    label: `${what} · ${totalsText(sent.length, countArticles(sent))}`,
    ids: sent.map((l) => l.id),
  }
}

/** A kept draft put back (draft.ts saves it): the lines keep their ids, new ones come after. */
function restore(state: ReceptionState, saved: SavedReception): ReceptionState {
  const next = Math.max(
    state.nextId,
    ...saved.lines.map((l) => Number(l.id.slice(1)) + 1).filter(Number.isFinite),
  )
  return {
    ...state,
    destination: saved.destination,
    lines: saved.lines,
    replaces: saved.replaces,
    nextId: next,
    // A draft kept before expected deliveries has none: a reception without notice.
    expected: saved.expected ?? null,
    notice: state.notice?.id === saved.expected?.id ? state.notice : null,
  }
}

/** The flow of the screen (useScanFlow's model); its kept draft is in draft.ts. */
export const receptionModel = { initial: initialReception, reduce: reduceReception, activeField }
