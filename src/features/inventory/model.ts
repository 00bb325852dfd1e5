/**
 * The inventory count as a pure model (the scan-flow pattern, docs/scan-screen.md): scan the location (what the
 * system holds there is listed), then every article found (each scan counts 1); a product listed
 * but absent is counted 0 explicitly; a product not listed is a surplus the server checks. The
 * counts are sent in one write; a count below what the system holds asks a second tap.
 * Unit-tested in model.test.ts; the component only wires it.
 */
import {
  lineFields,
  matchesProduct,
  totalsText,
  UNVERIFIED,
  warehouseDraft,
  type Refusal,
} from '@/features/scanning'
import {
  countArticles,
  countFor,
  expectedFor,
  initialInventory,
  MAX_COUNTS,
  MAX_QUANTITY,
  type Adjustment,
  type Count,
  type Expected,
  type InventoryEvent,
  type InventoryState,
  type SavedInventory,
} from './state.ts'
import { text as t } from './text.ts'

export * from './state.ts'

const RECENT = 5
const codesOf = (code: string) => new Set([code.toUpperCase()])

/** A count taken for a listed product: known by its SKU, EAN and name (the list is matched again on a new location). */
const attach = (count: Count, expected: Expected[] | null): Count => {
  const found = expected?.find(
    (e) => matchesProduct(codesOf(count.code), e.sku, e.ean13) || e.sku === count.sku,
  )
  return found ? { ...count, code: found.sku, sku: found.sku, ean13: found.ean13, name: found.name } : count
}

/** Any change to what will be sent: the last refusal no longer applies, nor the confirmation asked. */
const edited = (state: InventoryState, counts: Count[]): InventoryState => ({
  ...state,
  counts: counts.map(({ error: _error, ...count }) => count),
  refusal: null,
  productError: undefined,
  confirming: false,
})

function addCount(state: InventoryState, count: Omit<Count, 'id'>): InventoryState {
  if (state.counts.length >= MAX_COUNTS) return { ...state, productError: t.tooManyLines(MAX_COUNTS) }
  return {
    ...edited(state, [{ ...count, id: `C${state.nextId}` }, ...state.counts]),
    nextId: state.nextId + 1,
  }
}

function scanned(state: InventoryState, code: string, list: string[]): InventoryState {
  if (state.location === null) return state
  const codes = new Set(list)
  const same = countFor(state, codes)
  if (same) {
    if (same.quantity >= MAX_QUANTITY) return { ...state, productError: t.atMost(same.name, MAX_QUANTITY) }
    return edited(
      state,
      state.counts.map((c) => (c === same ? { ...c, quantity: c.quantity + 1 } : c)),
    )
  }
  const listed = state.expected?.find((e) => matchesProduct(codes, e.sku, e.ean13))
  if (listed)
    return addCount(state, {
      code: listed.sku,
      sku: listed.sku,
      ean13: listed.ean13,
      name: listed.name,
      quantity: 1,
    })
  return addCount(state, { code, name: code, quantity: 1 })
}

function zero(state: InventoryState, sku: string): InventoryState {
  const listed = state.expected?.find((e) => e.sku === sku)
  if (!listed || state.counts.some((c) => c.sku === sku)) return state
  return addCount(state, {
    code: listed.sku,
    sku: listed.sku,
    ean13: listed.ean13,
    name: listed.name,
    quantity: 0,
  })
}

const validQuantity = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_QUANTITY

/** Counts in the order they are sent (oldest first): a refusal's 'counts.N' counts in this order. */
export const sendOrder = (counts: Count[]) => [...counts].reverse()

function refused(state: InventoryState, refusal: Refusal, ids: string[]): InventoryState {
  const errors = new Map(
    ids.map((id, index) => [id, Object.values(lineFields(refusal, index, 'counts')).join(' ')]),
  )
  return {
    ...state,
    refusal,
    confirming: false,
    counts: state.counts.map((c) => ({ ...c, error: errors.get(c.id) || undefined })),
  }
}

function sent(state: InventoryState, ids: string[], adjustments: Adjustment[] | null): InventoryState {
  const done = state.counts.filter((c) => ids.includes(c.id))
  const left = state.counts.filter((c) => !ids.includes(c.id))
  const where = state.location ?? ''
  const nameOf = (sku: string) => done.find((c) => c.sku === sku || c.code === sku)?.name ?? sku
  const changed = adjustments?.filter((a) => a.before !== a.after) ?? []
  const what =
    adjustments === null
      ? `${where} · ${totalsText(done.length, countArticles(done))}`
      : `${where} : ${changed.length > 0 ? changed.map((a) => t.adjustment(nameOf(a.sku), a.before, a.after)).join(', ') : t.unchanged(adjustments.length)}`
  const recent = [
    { id: `W${state.nextId}`, text: what, queued: adjustments === null },
    ...state.recent,
  ].slice(0, RECENT)
  const next = { ...edited(state, left), replaces: null, recent, nextId: state.nextId + 1 }
  // The location is done: the next scan is the next location.
  return left.length > 0 ? next : { ...next, location: null, expected: null }
}

export function reduceInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  switch (event.type) {
    case 'locationScanned': {
      const counts = state.counts.map((c) => attach(c, event.content))
      return {
        ...edited(state, counts),
        location: event.name,
        expected: event.content,
        locationError: undefined,
      }
    }
    case 'locationRefused':
      return { ...state, locationError: event.message }
    case 'changeLocation':
      return { ...state, location: null, productError: undefined, confirming: false }
    case 'productScanned':
      return scanned(state, event.code, event.codes)
    case 'productRefused':
      return { ...state, productError: event.message }
    case 'zeroCounted':
      return zero(state, event.sku)
    case 'quantitySet':
      // The stepper refuses a wrong quantity with a message; one that still arrives is ignored, never clamped.
      if (!validQuantity(event.quantity)) return state
      return edited(
        state,
        state.counts.map((c) => (c.id === event.id ? { ...c, quantity: event.quantity } : c)),
      )
    case 'countRemoved':
      return edited(
        state,
        state.counts.filter((c) => c.id !== event.id),
      )
    case 'confirmAsked':
      return needsConfirmation(state) ? { ...state, confirming: true } : state
    case 'cancelled':
      return { ...edited(state, []), replaces: null }
    case 'sent':
      return sent(state, event.ids, event.adjustments)
    case 'refused':
      return refused(state, event.refusal, event.ids)
    case 'restored':
      return restore(state, event.saved)
    case 'reopened': {
      // The correction of this very write, given back by the draft: it is kept as the worker left it.
      if (state.replaces === event.outboxId) return state
      const blocked = takeBackBlocked(state)
      if (blocked) return { ...state, refusal: { message: blocked, fields: {} } }
      const counts = event.body.counts.map((c, i): Count =>
        attach({ id: `R${i}`, code: c.code, name: c.code, quantity: c.quantity }, event.content),
      )
      const base: InventoryState = {
        ...initialInventory,
        location: event.body.location,
        expected: event.content,
        counts: sendOrder(counts),
        nextId: state.nextId,
        replaces: event.outboxId,
        recent: state.recent,
      }
      return refused(
        base,
        event.refusal,
        counts.map((c) => c.id),
      )
    }
  }
}

/** Why a refused count cannot be taken back now (the count in progress would be lost), or null. */
export const takeBackBlocked = (state: InventoryState): string | null =>
  state.counts.length > 0 ? t.reopenBusy : null

/** The field that takes the next scan. */
export const activeField = (state: InventoryState) => (state.location === null ? 'location' : 'product')

export const canSubmit = (state: InventoryState) => state.location !== null && state.counts.length > 0

/** Listed products not counted yet: they keep their stock unless counted (at 0 if absent). */
/** What a counted line says under its name: what the system holds and the gap, or why it is not listed. */
export function countNote(state: InventoryState, count: Count): string {
  if (state.expected === null) return `Produit ${UNVERIFIED}`
  const expected = expectedFor(state, count)
  if (expected === null) return t.surplus
  const gap = count.quantity - expected
  return gap === 0 ? t.expected(expected) : `${t.expected(expected)} · ${t.gap(gap)}`
}

export const missing = (state: InventoryState): Expected[] =>
  (state.expected ?? []).filter((e) => !state.counts.some((c) => c.sku === e.sku))

/** Counts below what the system holds: the validation lowers these. */
export const lowered = (state: InventoryState) =>
  state.counts.flatMap((c) => {
    const before = expectedFor(state, c)
    return before !== null && c.quantity < before
      ? [{ id: c.id, name: c.name, before, after: c.quantity }]
      : []
  })

/** Validating needs a second tap: stock goes down, or the location's content could not be read. */
export const needsConfirmation = (state: InventoryState) =>
  state.counts.length > 0 && (lowered(state).length > 0 || state.expected === null)

/** The location's own refusal (unknown location…), next to its step. */
export const locationProblem = (state: InventoryState) =>
  state.locationError ?? state.refusal?.fields.location

/** The refusal's paths shown next to a field (the rest goes to the action bar). */
export const placedPath = (path: string) => path === 'location' || /^counts\.\d+\./.test(path)

/** The write a validation sends, its outbox label, and the counts it carries (in send order). */
export function inventoryWrite(state: InventoryState) {
  const sent = sendOrder(state.counts)
  const location = state.location ?? ''
  return {
    write: {
      kind: 'inventory' as const,
      body: { location, counts: sent.map((c) => ({ code: c.code, quantity: c.quantity })) },
    },
    label: t.label(location, totalsText(sent.length, countArticles(sent))),
    ids: sent.map((c) => c.id),
  }
}

export function saveInventory(state: InventoryState): SavedInventory | null {
  if (state.counts.length === 0 && state.replaces === null) return null
  return {
    location: state.location,
    expected: state.expected,
    counts: state.counts,
    replaces: state.replaces,
  }
}
function restore(state: InventoryState, saved: SavedInventory): InventoryState {
  const next = Math.max(
    state.nextId,
    ...saved.counts.map((c) => Number(c.id.slice(1)) + 1).filter(Number.isFinite),
  )
  return {
    ...state,
    location: saved.location,
    expected: saved.expected,
    counts: saved.counts,
    replaces: saved.replaces,
    nextId: next,
  }
}
export const describeSaved = (saved: SavedInventory) =>
  `${saved.location ?? ''} · ${totalsText(saved.counts.length, countArticles(saved.counts))}`

/** The flow of the screen (useScanFlow's model) and its kept draft (warehouse-wide: one per user). */
export const inventoryModel = { initial: initialInventory, reduce: reduceInventory, activeField }
export const inventoryDraft = warehouseDraft('inventory', saveInventory, describeSaved)
