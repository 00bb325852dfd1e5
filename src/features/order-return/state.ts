/**
 * The state of the 'Retour' screen (model.ts reduces it): the parcel's order as found (with what
 * may still come back), the origin, the items received with their condition and disposition, and
 * what came of the last validation.
 */
import type {
  BodyOf,
  endpoints,
  OrderStatus,
  ReturnCondition,
  ReturnDisposition,
  StockProduct,
} from '@contract'
import type { FlowNoticeValue, RecentWrite } from '@/features/scanning'
import type { Refusal } from '@/lib/refusal'

export type ReturnBody = BodyOf<typeof endpoints.orderReturn>

/** An order line as the screen shows it: shipped, already returned, and what may still come back. */
export interface PreviewLine {
  orderLine: number
  product: StockProduct
  shipped: number
  returned: number
  returnable: number
}
export interface OrderPreview {
  name: string
  shop: { slug: string; name: string }
  status: OrderStatus
  customer: { name: string; email: string | null }
  lines: PreviewLine[]
}

/** Why an order is taken as scanned: no network, no right to read orders, or not checked (reopened). */
export type Unverified = 'offline' | 'no-preview' | 'unchecked'

/**
 * The parcel's order: found (the code as scanned, an order number or a tracking number, and the
 * order it names), taken as scanned without a preview (offline, or the user may not read orders:
 * the server resolves it at validation), or none (parked: it waits with a wait reason).
 */
export type Parcel =
  | { kind: 'order'; code: string; order: OrderPreview }
  | { kind: 'unverified'; code: string; why: Unverified }
  | { kind: 'parked'; code: string | null }

/** What a scanned item is, as the scan handler found it. */
export interface Item {
  /** What is sent: the SKU of a product of the order, the code as scanned otherwise. */
  code: string
  sku?: string
  ean13?: string
  name: string
  /** true: a product of the order; false: 'hors commande'; null: not checked (no preview). */
  inOrder: boolean | null
}

export interface ReturnLine extends Item {
  id: string
  quantity: number
  condition: ReturnCondition
  disposition: ReturnDisposition
  /** Where a 'restock' goes back to (scanned). */
  location: string | null
  /** False when the location could not be checked (offline). */
  locationVerified: boolean
  rebutReason: number | null
  /** The server's refusal of this line, from the last validation. */
  error?: string
}

export interface ReturnState {
  parcel: Parcel | null
  /** The code no order answered to: the screen offers to park the parcel. */
  notFound: string | null
  parcelError?: string
  origin: number | null
  waitReason: number | null
  /** In scan order (oldest first), the order they are sent in. */
  lines: ReturnLine[]
  /** The line whose restock location the next scan gives. */
  askLocation: string | null
  itemError?: string
  locationError?: string
  refusal: Refusal | null
  /** The outbox item (a refused write) this return corrects: it is replaced when this one is sent. */
  replaces: number | null
  /** What the last validation did. */
  notice: FlowNoticeValue | null
  recent: RecentWrite[]
  nextId: number
}

export type ReturnEvent =
  | { type: 'parcelFound'; code: string; order: OrderPreview }
  | { type: 'parcelUnverified'; code: string; why: Unverified }
  | { type: 'parcelNotFound'; code: string }
  /** `code`: the parcel may still be parked with it (an order that cannot take a return). */
  | { type: 'parcelRefused'; message: string; code?: string }
  | { type: 'parked' }
  | { type: 'changeParcel' }
  | { type: 'originPicked'; id: number | null }
  | { type: 'waitReasonPicked'; id: number | null }
  | { type: 'itemScanned'; item: Item }
  | { type: 'itemRefused'; message: string }
  | { type: 'locationAsked'; id: string }
  | { type: 'locationScanned'; name: string; verified: boolean }
  | { type: 'locationRefused'; message: string }
  | { type: 'locationSkipped' }
  | { type: 'conditionSet'; id: string; condition: ReturnCondition }
  | { type: 'dispositionSet'; id: string; disposition: ReturnDisposition }
  | { type: 'rebutReasonSet'; id: string; reason: number }
  | { type: 'quantitySet'; id: string; quantity: number }
  | { type: 'lineSplit'; id: string }
  | { type: 'lineRemoved'; id: string }
  | { type: 'cancelled' }
  | { type: 'sent'; what: string; count: number; queued: boolean; waiting: boolean }
  | { type: 'refused'; refusal: Refusal; ids: string[] }
  | { type: 'restored'; saved: SavedReturn }
  | { type: 'reopened'; body: ReturnBody; parcel: Parcel | null; refusal: Refusal; outboxId: number }

export const initialReturn: ReturnState = {
  parcel: null,
  notFound: null,
  origin: null,
  waitReason: null,
  lines: [],
  askLocation: null,
  refusal: null,
  replaces: null,
  notice: null,
  recent: [],
  nextId: 1,
}

/** What is kept on the device (the flow's draft): the return being prepared. */
export type SavedReturn = Pick<
  ReturnState,
  'parcel' | 'origin' | 'waitReason' | 'lines' | 'askLocation' | 'replaces' | 'nextId'
>
