/**
 * Every kind of write the outbox carries, in one table: its endpoint, whether it names a shop, the
 * locations it puts goods into and takes them from (the replay's ordering, policy.ts), and the
 * screen that reopens a refused one to be corrected. A new kind of write is one entry here.
 */
import {
  inventoryCount,
  rebutAdd,
  receptionAdd,
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

interface KindSpec<E extends EndpointDef> {
  endpoint: E
  /** The shop the write is for goes in this path parameter (the write then carries `shopSlug`). */
  shopParam?: 'slugShop'
  effects(body: BodyOf<E>): LocationEffects
  /** The route that reopens a refused write of this kind (`?reopen=<outbox id>`). */
  screen:
    '/shop/$shopSlug/reception' | '/shop/$shopSlug/rebut' | '/warehouse/transfer' | '/warehouse/inventory'
}
/** A write for one shop (its slug goes in the path) or for the whole warehouse. */
const shopKind = <E extends EndpointDef>(spec: Omit<KindSpec<E>, 'shopParam'>) => ({
  ...spec,
  shopParam: 'slugShop' as const,
})
const warehouseKind = <E extends EndpointDef>(spec: Omit<KindSpec<E>, 'shopParam'>) => spec

export const WRITE_KINDS = {
  reception: shopKind({
    endpoint: receptionAdd,
    effects: (body) => ({ adds: body.lines.map((l) => l.location), takes: [] }),
    screen: '/shop/$shopSlug/reception',
  }),
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
}

type Kinds = typeof WRITE_KINDS
export type StockWriteKind = keyof Kinds

/** A stored write: plain data (IndexedDB keeps it across reloads), its endpoint named by its kind. */
export type StockWrite = {
  [K in StockWriteKind]: { kind: K; body: BodyOf<Kinds[K]['endpoint']> } & (Kinds[K] extends {
    shopParam: string
  }
    ? { shopSlug: string }
    : { shopSlug?: undefined })
}[StockWriteKind]

export type StockWriteResponses = { [K in StockWriteKind]: ResponseOf<Kinds[K]['endpoint']> }

/** The endpoint and path parameters of a stored write. */
export function callOf(write: StockWrite): {
  endpoint: EndpointDef
  params: Record<string, string> | undefined
} {
  const spec: KindSpec<EndpointDef> = WRITE_KINDS[write.kind] as KindSpec<EndpointDef>
  return {
    endpoint: spec.endpoint,
    params: spec.shopParam && write.shopSlug ? { [spec.shopParam]: write.shopSlug } : undefined,
  }
}

const place = (name: string) => name.trim().toUpperCase()

export function locationEffects(write: StockWrite): LocationEffects {
  const spec = WRITE_KINDS[write.kind] as KindSpec<EndpointDef>
  const { adds, takes } = spec.effects(write.body)
  return { adds: adds.map(place), takes: takes.map(place) }
}

/** Where a refused write is opened to be corrected: its screen, with `?reopen=<outbox id>`. */
export function reopenHref(row: {
  id: number
  kind: string
  write: unknown
  errorStatus?: number
}): string | null {
  const spec = (WRITE_KINDS as Record<string, KindSpec<EndpointDef>>)[row.kind]
  if (!spec || row.errorStatus === undefined || row.errorStatus < 400 || row.errorStatus >= 500) return null
  const shopSlug = (row.write as { shopSlug?: string }).shopSlug
  if (spec.shopParam && !shopSlug) return null
  return `${spec.screen.replace('$shopSlug', encodeURIComponent(shopSlug ?? ''))}?reopen=${row.id}`
}
