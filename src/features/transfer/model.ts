/**
 * Transfer / putaway as a pure model (the scan-flow pattern, docs/scan-screen.md): scan the source location (its
 * content is looked up), then the products to move (each scan adds 1, never beyond what the source
 * holds) or 'Tout le contenu', then the destination; validate one write. Unit-tested in
 * model.test.ts; scan.ts says what a scan does, the component only wires it.
 *
 * One step takes the scans at a time (issue 11, loss 3: product scans used to land in the
 * destination field). The product step stays active after each product, and after the destination
 * too: a product forgotten is still added, another location replaces the destination.
 */
import { totalsText, type RecentWrite } from '@/features/scanning'
import { unplacedMessages, type Refusal } from '@/lib/refusal'
import {
  beyond,
  countArticles,
  limitOf,
  lineProblem,
  productOf,
  same,
  sameProduct,
  sendOrder,
  withRefusal,
  type Line,
  type Product,
} from './lines.ts'
import {
  destinationProblem,
  hasGoods,
  initialTransfer,
  type Destination,
  type Moved,
  type SavedTransfer,
  type TransferBody,
  type TransferEvent,
  type TransferState,
  type Step,
} from './state.ts'
import { text as t } from './text.ts'

export * from './lines.ts'
export * from './state.ts'

/** Any change to what will be sent: the last refusal no longer applies (its line errors go with it). */
const edited = (state: TransferState, change: Partial<TransferState>): TransferState => ({
  ...state,
  ...change,
  lines: (change.lines ?? state.lines).map(({ error: _error, ...line }) => line),
  refusal: null,
  productError: undefined,
})
/** Back to an empty transfer; the last one stays shown. */
const fresh = (state: TransferState): TransferState => ({
  ...initialTransfer,
  recent: state.recent,
  nextId: state.nextId,
})

function addOne(state: TransferState, product: Product): TransferState {
  const line = state.lines.find((l) => sameProduct(l, product))
  if (line) {
    // Refused with a message, never lowered silently (issue 11).
    if (line.quantity + 1 > limitOf(line)) return { ...state, productError: beyond(line) }
    return edited(state, {
      all: false,
      lines: state.lines.map((l) => (l === line ? { ...l, quantity: l.quantity + 1 } : l)),
    })
  }
  if (limitOf(product) < 1) return { ...state, productError: beyond(product) }
  const added: Line = { ...product, id: `L${state.nextId}`, quantity: 1 }
  return { ...edited(state, { all: false, lines: [added, ...state.lines] }), nextId: state.nextId + 1 }
}

function setQuantity(state: TransferState, id: string, quantity: number): TransferState {
  const line = state.lines.find((l) => l.id === id)
  if (!line || !Number.isInteger(quantity) || quantity < 1) return state
  if (quantity > limitOf(line)) return { ...state, productError: beyond(line) }
  return edited(state, { lines: state.lines.map((l) => (l === line ? { ...l, quantity } : l)) })
}

function destinationScanned(state: TransferState, destination: Destination): TransferState {
  if (state.source === null) return state
  const problem = destinationProblem(state, destination.name)
  if (problem) return refuseOnStep(state, problem)
  return { ...edited(state, { destination, step: 'product' }), destinationError: undefined }
}

/** A refusal shown on the field that took the scan. */
const refuseOnStep = (state: TransferState, message: string): TransferState =>
  state.step === 'destination' ? { ...state, destinationError: message } : { ...state, productError: message }

const refused = (state: TransferState, refusal: Refusal, ids: string[]): TransferState => ({
  ...state,
  refusal,
  lines: withRefusal(state.lines, refusal, ids),
})

/** Why a refused transfer cannot be taken back now (the transfer in progress would be lost), or null. */
export const takeBackBlocked = (state: TransferState): string | null =>
  hasGoods(state) ? t.reopenBusy : null

function reopened(state: TransferState, event: Extract<TransferEvent, { type: 'reopened' }>): TransferState {
  // The correction of this very write, given back by the draft: kept as the worker left it.
  if (state.replaces === event.outboxId) return state
  const blocked = takeBackBlocked(state)
  if (blocked) return { ...state, refusal: { message: blocked, fields: {} } }
  const { body, stock, destination } = event
  const lines: Line[] = (body.lines ?? []).map((l, i) => {
    const held = stock?.find((s) => [s.sku, s.ean13].some((k) => same(k, l.code)))
    // Not in the source as it is now: nothing of it may move (the line says so, to be removed).
    const product: Product = held
      ? productOf(held)
      : { code: l.code, name: l.code, max: stock === null ? null : 0 }
    return { ...product, id: `R${i}`, quantity: l.quantity }
  })
  const base: TransferState = {
    ...fresh(state),
    source: { name: body.from, stock },
    step: destination ? 'product' : 'destination',
    lines: lines.reverse(),
    all: body.all === true,
    destination,
    destinationError: event.destinationError,
    replaces: event.outboxId,
  }
  return refused(
    base,
    event.refusal,
    sendOrder(base.lines).map((l) => l.id),
  )
}

function sent(state: TransferState, moved: Moved, queued: boolean): TransferState {
  const item: RecentWrite = {
    id: `T${state.nextId}`,
    text: movedText(moved),
    status: queued ? 'queued' : 'sent',
  }
  return { ...fresh(state), recent: [item], nextId: state.nextId + 1 }
}

export const movedText = (m: Moved) =>
  m.count === null ? t.doneAll(m.from, m.to) : t.done(m.count, m.from, m.to)

export function reduceTransfer(state: TransferState, event: TransferEvent): TransferState {
  switch (event.type) {
    case 'sourceScanned': {
      if (state.source !== null) return state
      // A location known to be empty has nothing to move: the next scan is another source.
      if (event.stock !== null && event.stock.length === 0)
        return { ...state, sourceError: t.emptySource(event.name) }
      const source = { name: event.name, stock: event.stock }
      return {
        ...edited(state, { source, step: 'product', lines: [], all: false, destination: null }),
        sourceError: undefined,
      }
    }
    case 'sourceRefused':
      return { ...state, sourceError: event.message }
    case 'changeSource':
      // Only while nothing is chosen: the lines belong to this source ('Annuler' drops them, confirmed).
      if (hasGoods(state)) return state
      return {
        ...edited(state, { source: null, step: 'source', destination: null }),
        destinationError: undefined,
      }
    case 'productScanned':
      return state.source === null ? state : addOne(state, event.product)
    case 'productRefused':
      return { ...state, productError: event.message }
    case 'allChosen':
      if (state.source === null) return state
      return edited(state, { all: true, lines: [], step: state.destination ? 'product' : 'destination' })
    case 'changeProducts':
      return state.source === null ? state : { ...state, step: 'product', destinationError: undefined }
    case 'destinationAsked':
      if (state.source === null || !hasGoods(state)) return state
      return { ...state, step: 'destination', destination: null, productError: undefined }
    case 'destinationScanned':
      return destinationScanned(state, event.destination)
    case 'destinationRefused':
      return refuseOnStep(state, event.message)
    case 'changeDestination':
      return state.source === null ? state : edited(state, { destination: null, step: 'destination' })
    case 'quantitySet':
      return setQuantity(state, event.id, event.quantity)
    case 'lineRemoved':
      return edited(state, { lines: state.lines.filter((l) => l.id !== event.id) })
    case 'cancelled':
      return fresh(state)
    case 'sent':
      return sent(state, event.moved, event.queued)
    case 'refused':
      return refused(state, event.refusal, event.ids)
    case 'restored':
      return restore(state, event.saved)
    case 'reopened':
      return reopened(state, event)
  }
}

/** The field that takes the next scan. */
export const activeField = (state: TransferState): Step => (state.source === null ? 'source' : state.step)

export const canSubmit = (state: TransferState) =>
  state.source !== null &&
  state.destination !== null &&
  hasGoods(state) &&
  state.lines.every((l) => !lineProblem(l))

/** Each field's message: the screen's own check first, else the server's refusal of it. */
export function fieldErrors(state: TransferState) {
  const fields = state.refusal?.fields ?? {}
  return {
    source: state.sourceError ?? fields.from,
    product: state.productError,
    destination: state.destinationError ?? fields.to,
  }
}

/** The refusal's message and its field messages no field or line shows, each once. */
export function barErrors(state: TransferState): string[] {
  const destinationShown = state.destination !== null || activeField(state) === 'destination'
  const placed = (path: string) => {
    if (path === 'from') return state.source !== null
    if (path === 'to') return destinationShown
    const line = /^lines\.(\d+)(\.|$)/.exec(path)
    return line !== null && Number(line[1]) < state.lines.length
  }
  return unplacedMessages(state.refusal, placed)
}

/** What was chosen to move ('2 lignes, 3 articles', 'Tout le contenu de A-01'). */
export const chosenText = (state: TransferState) =>
  state.all && state.source
    ? t.allSummary(state.source.name)
    : totalsText(state.lines.length, countArticles(state.lines))

/**
 * What 'Annuler' would erase (asked to confirm): what is chosen; undefined when only the source
 * (or a reopened write) would go, without asking; null when there is nothing to cancel.
 */
export const cancelWhat = (state: TransferState) =>
  hasGoods(state) ? chosenText(state) : state.source !== null || state.replaces !== null ? undefined : null

/** The write a validation sends, its outbox label, what it moves, and the lines it carries (in send order). */
export function transferWrite(state: TransferState) {
  const { source, destination, all } = state
  if (!source || !destination) throw new Error('transferWrite: nothing to send')
  const lines = sendOrder(state.lines)
  const count = all
    ? source.stock
      ? source.stock.reduce((n, s) => n + s.quantity, 0)
      : null
    : countArticles(lines)
  const body: TransferBody = {
    from: source.name,
    to: destination.name,
    ...(all ? { all: true } : { lines: lines.map((l) => ({ code: l.code, quantity: l.quantity })) }),
  }
  return {
    write: { kind: 'transfer' as const, body },
    label: t.label(count ?? 0, source.name, destination.name, all),
    moved: { from: source.name, to: destination.name, count } satisfies Moved,
    ids: all ? [] : lines.map((l) => l.id),
  }
}

function restore(state: TransferState, saved: SavedTransfer): TransferState {
  const ids = saved.lines.map((l) => Number(l.id.slice(1)) + 1).filter(Number.isFinite)
  const { source, step, lines, all, destination, replaces } = saved
  return {
    ...state,
    source,
    step: source === null ? 'source' : step,
    lines,
    all,
    destination,
    replaces,
    nextId: Math.max(state.nextId, ...ids),
  }
}

/** The flow of the screen (useScanFlow's model). */
export const transferModel = { initial: initialTransfer, reduce: reduceTransfer, activeField }
