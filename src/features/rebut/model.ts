/**
 * Scrap as a pure model (the scan-flow pattern, docs/scan-screen.md): scan the source location (its content for
 * this shop), then the product (each scan of the same product adds 1), set the quantity, pick a
 * reason, validate one write. The location and the reason stay for the next scrap.
 *
 * A scrap cannot be undone, so nothing here lowers a quantity silently (issue 11, loss 7): a typed
 * quantity or a scan beyond what the location holds is refused with a message and blocks 'Valider',
 * and scrapping the location's whole stock of a product asks for a confirmation first.
 * Unit-tested in model.test.ts; the component only wires it.
 */
import { MAX_LINE_QUANTITY, type BodyOf, type endpoints, type LocationStock } from '@contract'
import { flowText, quantityProblem as lineQuantityProblem, type RecentWrite } from '@/features/scanning'
import { unplacedMessages, type Refusal } from '@/lib/refusal'
import { text as t } from './text.ts'

export type StockLine = LocationStock['stock'][number]
export type RebutBody = BodyOf<typeof endpoints.rebutAdd>

export interface Source {
  name: string
  /** This shop's products in the location; null when it could not be checked (offline). */
  stock: StockLine[] | null
}
export interface Picked {
  /** What is sent: the SKU when the location's content is known, the code as scanned otherwise. */
  code: string
  sku?: string
  ean13?: string
  name: string
  /** What the location holds of it; null when unknown (offline): the server checks. */
  max: number | null
}
export interface RebutState {
  source: Source | null
  product: Picked | null
  /** As typed: a string while it is not a number (an emptied field). */
  quantity: number | string
  reason: number | null
  locationError?: string
  productError?: string
  refusal: Refusal | null
  /** The whole-stock confirmation is asked. */
  confirming: boolean
  /** The outbox item (a refused write) this scrap corrects: it is replaced when this one is sent. */
  replaces: number | null
  /** The last scraps of this visit, newest first. */
  recent: RecentWrite[]
  nextId: number
}

export type RebutEvent =
  | { type: 'locationScanned'; name: string; stock: StockLine[] | null }
  | { type: 'locationRefused'; message: string }
  | { type: 'changeLocation' }
  | { type: 'productScanned'; product: Picked }
  /** The picked product scanned again: one more. */
  | { type: 'productAgain' }
  | { type: 'productRefused'; message: string }
  | { type: 'quantityTyped'; value: number | string }
  | { type: 'quantityStepped'; by: 1 | -1 }
  | { type: 'reasonPicked'; id: number }
  | { type: 'confirmAsked' }
  | { type: 'confirmDismissed' }
  | { type: 'cancelled' }
  | { type: 'sent'; body: RebutBody; name: string; reasonLabel: string; queued: boolean }
  | { type: 'refused'; refusal: Refusal }
  | { type: 'restored'; saved: SavedRebut }
  | { type: 'reopened'; body: RebutBody; refusal: Refusal; outboxId: number; stock: StockLine[] | null }

export const RECENT = 5

export const initialRebut: RebutState = {
  source: null,
  product: null,
  quantity: 0,
  reason: null,
  refusal: null,
  confirming: false,
  replaces: null,
  recent: [],
  nextId: 1,
}

/** The most the picked product may take: what the location holds, else the contract's ceiling. */
const limitOf = (product: Picked) => product.max ?? MAX_LINE_QUANTITY

/** Any change to what will be sent: the last refusal and a pending confirmation no longer apply. */
const edited = (state: RebutState, change: Partial<RebutState>): RebutState => ({
  ...state,
  ...change,
  refusal: null,
  confirming: false,
  productError: undefined,
})
const noProduct = { product: null, quantity: 0 } as const

function again(state: RebutState): RebutState {
  const { product } = state
  if (!product) return state
  const next = (typeof state.quantity === 'number' ? state.quantity : 0) + 1
  if (next > limitOf(product)) {
    const message =
      product.max === null ? flowText.atMost(MAX_LINE_QUANTITY) : t.scanBeyondStock(product.name, product.max)
    return { ...state, productError: message, confirming: false }
  }
  return edited(state, { quantity: next })
}

function stepped(state: RebutState, by: 1 | -1): RebutState {
  if (!state.product) return state
  const next = (typeof state.quantity === 'number' ? state.quantity : 0) + by
  // The buttons are disabled at both ends; a step never jumps over what the location holds.
  if (next < 1 || (by > 0 && next > limitOf(state.product))) return state
  return edited(state, { quantity: next })
}

function sent(state: RebutState, event: Extract<RebutEvent, { type: 'sent' }>): RebutState {
  const { body } = event
  // What is left in the location, for the next scrap's limit.
  const stock =
    state.source?.stock
      ?.map((s) => (s.sku === body.code ? { ...s, quantity: s.quantity - body.quantity } : s))
      .filter((s) => s.quantity > 0) ?? null
  const shown = event.name === body.code ? body.code : `${event.name} (${body.code})`
  const item: RecentWrite = {
    id: `S${state.nextId}`,
    text: t.recentLine(body.quantity, shown, body.location, event.reasonLabel),
    status: event.queued ? 'queued' : 'sent',
  }
  return {
    ...edited(state, noProduct),
    source: state.source && { ...state.source, stock },
    replaces: null,
    recent: [item, ...state.recent].slice(0, RECENT),
    nextId: state.nextId + 1,
  }
}

const sameCode = (code: string, line: StockLine) =>
  [line.sku, line.ean13].some((k) => k.toUpperCase() === code.toUpperCase())

/** Why a refused rebut cannot be taken back now (the rebut in progress would be lost), or null. */
export const takeBackBlocked = (state: RebutState): string | null =>
  state.product !== null ? t.reopenBusy : null

function reopened(state: RebutState, event: Extract<RebutEvent, { type: 'reopened' }>): RebutState {
  // The correction of this very write, given back by the draft: it is kept as the worker left it.
  if (state.replaces === event.outboxId) return state
  const blocked = takeBackBlocked(state)
  if (blocked) return { ...state, refusal: { message: blocked, fields: {} } }
  const { body, stock } = event
  const line = stock?.find((s) => sameCode(body.code, s))
  const product: Picked = line
    ? { code: line.sku, sku: line.sku, ean13: line.ean13, name: line.name, max: line.quantity }
    : { code: body.code, name: body.code, max: null }
  return {
    ...state,
    source: { name: body.location, stock },
    product,
    quantity: body.quantity,
    reason: body.reason,
    locationError: undefined,
    productError: undefined,
    refusal: event.refusal,
    confirming: false,
    replaces: event.outboxId,
  }
}

export function reduceRebut(state: RebutState, event: RebutEvent): RebutState {
  switch (event.type) {
    case 'locationScanned':
      return {
        ...edited(state, noProduct),
        source: { name: event.name, stock: event.stock },
        locationError: undefined,
      }
    case 'locationRefused':
      return { ...state, locationError: event.message }
    case 'changeLocation':
      return { ...edited(state, noProduct), source: null, locationError: undefined }
    case 'productScanned':
      if (state.source === null) return state
      return edited(state, { product: event.product, quantity: 1 })
    case 'productAgain':
      return again(state)
    case 'productRefused':
      return { ...state, productError: event.message, confirming: false }
    case 'quantityTyped':
      return state.product ? edited(state, { quantity: event.value }) : state
    case 'quantityStepped':
      return stepped(state, event.by)
    case 'reasonPicked':
      return edited(state, { reason: event.id })
    case 'confirmAsked':
      return canSubmit(state) && wholeStock(state) ? { ...state, confirming: true } : state
    case 'confirmDismissed':
      return { ...state, confirming: false }
    case 'cancelled':
      return { ...edited(state, noProduct), replaces: null }
    case 'sent':
      return sent(state, event)
    case 'refused':
      return { ...state, refusal: event.refusal, confirming: false }
    case 'restored': {
      const { source, product, quantity, reason, replaces } = event.saved
      return { ...state, source, product, quantity, reason, replaces }
    }
    case 'reopened':
      return reopened(state, event)
  }
}

/** The field that takes the next scan. */
export const activeField = (state: RebutState) => (state.source === null ? 'location' : 'product')

/** Why the quantity cannot be sent, next to its field; undefined when it can. Never corrected silently. */
export function quantityProblem(state: RebutState): string | undefined {
  const { product, quantity } = state
  if (!product) return undefined
  if (typeof quantity === 'number' && product.max !== null && quantity > product.max)
    return t.atMostInLocation(product.max)
  // The rest is every stepper's rule (empty, not whole, under 1, over the contract's ceiling).
  return lineQuantityProblem(quantity, 1, MAX_LINE_QUANTITY) ?? undefined
}

/** The body paths shown next to their field; the rest of a refusal goes to the action bar. */
const PLACED = new Set(['location', 'code', 'quantity', 'reason'])

/** Each field's message: the screen's own check first, else the server's refusal of it. */
export function fieldErrors(state: RebutState) {
  const fields = state.refusal?.fields ?? {}
  return {
    location: state.locationError ?? fields.location,
    code: state.productError ?? fields.code,
    quantity: quantityProblem(state) ?? fields.quantity,
    reason: fields.reason,
  }
}

/** The refusal's message and its field messages no field shows, each once. */
export const barErrors = (state: RebutState) => unplacedMessages(state.refusal, (path) => PLACED.has(path))

export const canSubmit = (state: RebutState) =>
  state.source !== null &&
  state.product !== null &&
  state.reason !== null &&
  quantityProblem(state) === undefined

/** The scrap would empty the location of this product (known only when its content is). */
export const wholeStock = (state: RebutState) =>
  state.product !== null && state.product.max !== null && state.quantity === state.product.max

/**
 * What 'Valider' does now: nothing ('blocked'), ask the whole-stock confirmation ('ask'), or send.
 * `confirmed` is the confirmation's own button: it sends only while the question it answers is
 * still asked (a scan in between changes the scrap and withdraws the question).
 */
export function validation(state: RebutState, confirmed: boolean): 'blocked' | 'ask' | 'send' {
  if (!canSubmit(state)) return 'blocked'
  if (wholeStock(state) && !(confirmed && state.confirming)) return 'ask'
  return 'send'
}

/** The write a validation sends, and the product's name for the recent list. Call after canSubmit. */
export function rebutWrite(state: RebutState, shopSlug: string) {
  const { source, product, quantity, reason } = state
  if (!source || !product || typeof quantity !== 'number' || reason === null)
    throw new Error('rebutWrite: nothing to send')
  const body: RebutBody = { code: product.code, quantity, location: source.name, reason }
  return { write: { kind: 'rebut' as const, shopSlug, body }, name: product.name }
}

/** What 'Annuler' would erase ('2 × Tasse bleue'), or null when there is nothing. */
export const cancelWhat = (state: RebutState) =>
  state.product ? t.cancelWhat(state.quantity, state.product.name) : null

/** What is kept on the device between two visits: the scrap being prepared. */
export interface SavedRebut {
  source: Source | null
  product: Picked | null
  quantity: number | string
  reason: number | null
  replaces: number | null
}
export function saveRebut(state: RebutState): SavedRebut | null {
  if (state.product === null && state.replaces === null) return null
  const { source, product, quantity, reason, replaces } = state
  return { source, product, quantity, reason, replaces }
}
export const describeSaved = (saved: SavedRebut) =>
  saved.product
    ? t.draft(saved.quantity, saved.product.name, saved.source?.name ?? '?')
    : t.location(saved.source?.name ?? '?')

/** The flow of the screen (useScanFlow's model) and its kept draft. */
export const rebutModel = { initial: initialRebut, reduce: reduceRebut, activeField }
export const rebutDraft = (shopSlug: string) => ({
  screen: 'rebut',
  scope: shopSlug,
  save: saveRebut,
  restore: (saved: unknown): RebutEvent => ({ type: 'restored', saved: saved as SavedRebut }),
  describe: (saved: unknown) => describeSaved(saved as SavedRebut),
})
