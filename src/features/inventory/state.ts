/**
 * The inventory count's state, its events and what is read straight off it: the types the model
 * (model.ts) and the scan rules (scan.ts) share, apart from the reducer.
 */
import {
  MAX_LINE_QUANTITY,
  type BodyOf,
  type endpoints,
  type LocationStock,
  type ResponseOf,
} from '@contract'
import { matchesProduct, type Refusal } from '@/features/scanning'

/** A product the system holds at the location, and how many. */
export interface Expected {
  sku: string
  ean13: string
  name: string
  quantity: number
}
export interface Count {
  id: string
  /** What is sent: the SKU of a listed product, else the code as scanned (the server checks it). */
  code: string
  sku?: string
  ean13?: string
  name: string
  quantity: number
  /** The server's refusal of this line, from the last validation. */
  error?: string
}
export interface RecentCount {
  id: string
  text: string
  queued: boolean
}
export interface InventoryState {
  location: string | null
  /** What the system holds there; null when it could not be read (offline). */
  expected: Expected[] | null
  /** Newest first. */
  counts: Count[]
  nextId: number
  locationError?: string
  productError?: string
  refusal: Refusal | null
  /** The worker was told the count lowers stock: the next 'Valider' sends. */
  confirming: boolean
  /** The outbox item (a refused write) this count corrects: it is replaced when this one is sent. */
  replaces: number | null
  /** The last counts validated on this screen, newest first. */
  recent: RecentCount[]
}

export type InventoryBody = BodyOf<typeof endpoints.inventoryCount>
export type Adjustment = ResponseOf<typeof endpoints.inventoryCount>['adjustments'][number]

export type InventoryEvent =
  | { type: 'locationScanned'; name: string; content: Expected[] | null }
  | { type: 'locationRefused'; message: string }
  | { type: 'changeLocation' }
  | { type: 'productScanned'; code: string; codes: string[] }
  | { type: 'productRefused'; message: string }
  | { type: 'zeroCounted'; sku: string }
  | { type: 'quantitySet'; id: string; quantity: number }
  | { type: 'countRemoved'; id: string }
  | { type: 'confirmAsked' }
  | { type: 'cancelled' }
  | { type: 'sent'; ids: string[]; adjustments: Adjustment[] | null }
  | { type: 'refused'; refusal: Refusal; ids: string[] }
  | { type: 'restored'; saved: SavedInventory }
  | { type: 'reopened'; body: InventoryBody; refusal: Refusal; outboxId: number; content: Expected[] | null }

export const initialInventory: InventoryState = {
  location: null,
  expected: null,
  counts: [],
  nextId: 1,
  refusal: null,
  confirming: false,
  replaces: null,
  recent: [],
}

/** The most one line may count (the contract's ceiling), and the most lines one count sends. */
export const MAX_QUANTITY = MAX_LINE_QUANTITY
export const MAX_COUNTS = 200

export const expectedOf = (stock: LocationStock['stock']): Expected[] =>
  stock.map(({ sku, ean13, name, quantity }) => ({ sku, ean13, name, quantity }))
export const countArticles = (counts: Count[]) => counts.reduce((n, c) => n + c.quantity, 0)

/** What the system holds of this counted product here; null when it is not listed (a surplus). */
export function expectedFor(state: InventoryState, count: Count): number | null {
  const listed = count.sku === undefined ? undefined : state.expected?.find((e) => e.sku === count.sku)
  return listed ? listed.quantity : null
}

/** The count a scan names (by SKU, EAN or the code as scanned). */
export const countFor = (state: InventoryState, codes: ReadonlySet<string>) =>
  state.counts.find((c) => matchesProduct(codes, c.code, c.sku, c.ean13))

/** What is kept on the device between two visits: the location, its listed content and the counts. */
export interface SavedInventory {
  location: string | null
  expected: Expected[] | null
  counts: Count[]
  replaces: number | null
}
