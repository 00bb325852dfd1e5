/**
 * Every kind of write the outbox carries, in one table: its endpoint, the path parameters it names
 * (a shop, or the record it acts on), the locations it puts goods into and takes them from (the
 * replay's ordering, policy.ts), and the screen that reopens a refused one to be corrected. A new
 * kind of write is one entry here.
 */
import {
  expectedReceptionClose,
  inventoryCount,
  orderReturn,
  pickingSessionPick,
  rebutAdd,
  receptionAdd,
  returnResolve,
  RETURNS_LOCATION,
  warehouseTransfer,
  type BodyOf,
  type EndpointDef,
  type ResponseOf,
} from '@contract'

export interface LocationEffects {
  /** Locations it puts goods into. */
  adds: string[]
  /** Locations it takes goods from: the write can be refused there if stock runs short. */
  takes: string[]
}

/** What a stored write carries beside its body, for its path and its ordering. */
export interface WriteTarget {
  shopSlug?: string
  /** The record an `{id}` path acts on (a pick's picking session). */
  targetId?: number
  /** The record a `{number}` path acts on (a customer return's number). */
  targetNumber?: string
  /** Where a write whose body names no location takes its goods from (a pick's task location). */
  location?: string
}

interface KindSpec<E extends EndpointDef> {
  endpoint: E
  /** The shop the write is for goes in this path parameter (the write then carries `shopSlug`). */
  shopParam?: 'slugShop'
  /** The record the write acts on goes in this path parameter (the write then carries `targetId`). */
  idParam?: 'id'
  /** The record the write acts on, by its number, goes in this path parameter (`targetNumber`). */
  numberParam?: 'number'
  effects(body: BodyOf<E>, target: WriteTarget): LocationEffects
  /**
   * The route that reopens a refused write of this kind (`?reopen=<outbox id>`); none for a write
   * that cannot be corrected, only retried or discarded (a pick: the goods were taken, or not).
   */
  screen?:
    | '/shop/$shopSlug/reception'
    | '/shop/$shopSlug/rebut'
    | '/warehouse/transfer'
    | '/warehouse/inventory'
    | '/warehouse/order-return'
}
/** A write for one shop (its slug goes in the path) or for the whole warehouse. */
type PlainSpec<E extends EndpointDef> = Omit<KindSpec<E>, 'shopParam' | 'idParam' | 'numberParam'>
const shopKind = <E extends EndpointDef>(spec: PlainSpec<E>) => ({
  ...spec,
  shopParam: 'slugShop' as const,
})
const warehouseKind = <E extends EndpointDef>(spec: PlainSpec<E>) => spec
/** A write on one record (its id goes in the path): it carries `targetId` and the location it takes from. */
const recordKind = <E extends EndpointDef>(spec: PlainSpec<E>) => ({
  ...spec,
  idParam: 'id' as const,
})
/** A write on one record named by its number (a customer return): it carries `targetNumber`. */
const numberedKind = <E extends EndpointDef>(spec: PlainSpec<E>) => ({
  ...spec,
  numberParam: 'number' as const,
})

/**
 * The lane of a picking session: every pick of one session takes from it, so they reach the
 * server one after the other, in the order they were scanned (a unit picked before 'Manquant' on
 * the same task must not arrive after it), and their answers come back in that order.
 */
export const pickingLane = (sessionId: number) => `#picking-session-${sessionId}`
/**
 * The lane of an expected reception (issue 34): every reception counted against it puts into it,
 * its close takes from it, so the close reaches the server after them (closed first, they would be
 * refused); receptions still go side by side.
 */
export const expectedLane = (ref: number | string) => `#expected-reception-${ref}`

export const WRITE_KINDS = {
  reception: shopKind({
    endpoint: receptionAdd,
    effects: (body) => ({
      adds: [
        ...body.lines.map((l) => l.location),
        ...(body.expected === undefined ? [] : [expectedLane(body.expected)]),
      ],
      takes: [],
    }),
    screen: '/shop/$shopSlug/reception',
  }),
  // Closing an expected reception (its shop and id in the path, no body): retried or discarded only.
  receptionClose: {
    ...recordKind({
      endpoint: expectedReceptionClose,
      effects: (_body, { targetId }) => ({ adds: [], takes: [expectedLane(targetId ?? 0)] }),
    }),
    shopParam: 'slugShop' as const,
  },
  rebut: shopKind({
    endpoint: rebutAdd,
    effects: (body) => ({ adds: [], takes: [body.location] }),
    screen: '/shop/$shopSlug/rebut',
  }),
  transfer: warehouseKind({
    endpoint: warehouseTransfer,
    effects: (body) => ({ adds: [body.to], takes: [body.from] }),
    screen: '/warehouse/transfer',
  }),
  // A count sets a location's stock: it may lower it, so it orders like a write that takes.
  inventory: warehouseKind({
    endpoint: inventoryCount,
    effects: (body) => ({ adds: [], takes: [body.location] }),
    screen: '/warehouse/inventory',
  }),
  // A customer return puts goods back: into a restock location, or into RETOURS (quarantine, and a
  // scrap, which passes through RETOURS on its way to REBUT).
  return: warehouseKind({
    endpoint: orderReturn,
    effects: (body) => ({
      adds: body.lines.map((l) =>
        l.disposition === 'restock' && l.location ? l.location : RETURNS_LOCATION,
      ),
      takes: [],
    }),
    screen: '/warehouse/order-return',
  }),
  // A waiting return attached to its order or closed: its goods stay where they are.
  resolve: numberedKind({
    endpoint: returnResolve,
    effects: () => ({ adds: [], takes: [] }),
  }),
  // A pick takes a unit from its task's location (it waits for an earlier write into it).
  pick: recordKind({
    endpoint: pickingSessionPick,
    effects: (_body, { targetId, location }) => ({
      adds: [],
      takes: [...(location ? [location] : []), pickingLane(targetId ?? 0)],
    }),
  }),
}

type Kinds = typeof WRITE_KINDS
export type StockWriteKind = keyof Kinds

/** A stored write: plain data (IndexedDB keeps it across reloads), its endpoint named by its kind. */
export type StockWrite = {
  [K in StockWriteKind]: { kind: K; body: BodyOf<Kinds[K]['endpoint']> } & (Kinds[K] extends {
    shopParam: string
  }
    ? { shopSlug: string }
    : { shopSlug?: undefined }) &
    (Kinds[K] extends { idParam: string }
      ? { targetId: number; location: string }
      : { targetId?: undefined }) &
    (Kinds[K] extends { numberParam: string } ? { targetNumber: string } : { targetNumber?: undefined })
}[StockWriteKind]

export type StockWriteResponses = { [K in StockWriteKind]: ResponseOf<Kinds[K]['endpoint']> }

const specOf = (kind: string) => (WRITE_KINDS as Record<string, KindSpec<EndpointDef>>)[kind]

/** The endpoint and path parameters of a stored write. */
export function callOf(write: StockWrite): {
  endpoint: EndpointDef
  params: Record<string, string> | undefined
} {
  const spec = specOf(write.kind) as KindSpec<EndpointDef>
  const params: Record<string, string> = {}
  if (spec.shopParam && write.shopSlug) params[spec.shopParam] = write.shopSlug
  if (spec.idParam && write.targetId !== undefined) params[spec.idParam] = String(write.targetId)
  if (spec.numberParam && write.targetNumber !== undefined) params[spec.numberParam] = write.targetNumber
  return { endpoint: spec.endpoint, params: Object.keys(params).length > 0 ? params : undefined }
}

const place = (name: string) => name.trim().toUpperCase()

export function locationEffects(write: StockWrite): LocationEffects {
  const spec = specOf(write.kind) as KindSpec<EndpointDef>
  const { adds, takes } = spec.effects(write.body, write as WriteTarget)
  return { adds: adds.map(place), takes: takes.map(place) }
}

/** Where a refused write is opened to be corrected: its screen, with `?reopen=<outbox id>`. */
export function reopenHref(row: {
  id: number
  kind: string
  write: unknown
  errorStatus?: number
}): string | null {
  const spec = specOf(row.kind)
  if (!spec?.screen || row.errorStatus === undefined || row.errorStatus < 400 || row.errorStatus >= 500)
    return null
  const shopSlug = (row.write as { shopSlug?: string }).shopSlug
  if (spec.shopParam && !shopSlug) return null
  return `${spec.screen.replace('$shopSlug', encodeURIComponent(shopSlug ?? ''))}?reopen=${row.id}`
}
