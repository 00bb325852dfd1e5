/**
 * Kysely's view of the database: one interface per table, columns in snake_case exactly as in
 * SQL (no case-converting plugin, so raw `sql` fragments and typed queries read the same).
 * Keep in step with migrations.ts. The order tables are in schema-orders.ts, the picking ones in
 * schema-picking.ts, the shipping ones in schema-shipping.ts, the customer returns in schema-returns.ts.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { LocationKind, PrinterLanguage } from '../../contract/index.ts'
import type {
  CampaignsTable,
  OrderLinesTable,
  OrdersTable,
  OrderStatusHistoryTable,
} from './schema-orders.ts'
import type {
  BatchOrdersTable,
  CountTasksTable,
  PickingBatchesTable,
  PickingPrintLogTable,
  PickingSessionsTable,
  PickTasksTable,
  TotesTable,
} from './schema-picking.ts'
import type {
  BoxTypeCarriersTable,
  BoxTypesTable,
  CarrierSerialsTable,
  ParcelLinesTable,
  ParcelsTable,
  ShopLabelsTable,
  TrackingNumbersTable,
} from './schema-shipping.ts'
import type {
  CarrierSlipGroupsTable,
  CarrierSlipsTable,
  RoutingRulesTable,
  SlipParcelsTable,
} from './schema-slips.ts'
import type { CustomizationFilesTable } from './schema-customization.ts'
import type { ApiCallsTable, ShopApiKeysTable, ShopOrderCountersTable } from './schema-shop-api.ts'
import type {
  ShopEventsTable,
  StockEventWatermarksTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from './schema-webhooks.ts'
import type { ReturnLinesTable, ReturnReasonsTable, ReturnsTable } from './schema-returns.ts'
import type {
  PlatformDeliveriesTable,
  PlatformFulfilmentsTable,
  ShopPlatformsTable,
} from './schema-platforms.ts'
import type { EndedSessionsTable, LoginAttemptsTable } from './schema-auth.ts'
import type { ReceptionTables } from './schema-receptions.ts'

/** Set by the database on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>
/** Has a database default, may be given on insert and changed later. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>

export const STOCK_MOVEMENT_KINDS = [
  'RECEPTION',
  'TRANSFER',
  'REBUT',
  'PICK',
  'SHIP',
  'RETURN',
  'INVENTORY',
] as const
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number]

export { ORDER_STATUSES, type OrderStatus } from '../../contract/index.ts'

// One list of kinds: the contract's (the admin area creates locations of each).
export type { LocationKind } from '../../contract/index.ts'

export type PrinterUse = 'label' | 'a4'

export interface UsersTable {
  id: Generated<number>
  username: string
  password_hash: string
  display_name: string
  email: string
  debug: Defaulted<boolean>
  /** Opens the admin area (migration 0018). */
  admin: Defaulted<boolean>
  /** A disabled user cannot sign in, and their tokens stop working at once. */
  disabled: Defaulted<boolean>
  /** Tokens of an earlier generation are refused: a password reset or 'Fermer les sessions' (migration 0038). */
  sessions_generation: Defaulted<number>
  warehouse_access: Defaulted<boolean>
  roles: Defaulted<string[]>
  created_at: CreatedAt
}

export interface ShopsTable {
  id: Generated<number>
  slug: string
  name: string
  /** Prefix of the shop's order names and SKUs (ML -> ML-100001). */
  code: string
}

export interface UserShopsTable {
  user_id: number
  shop_id: number
}

export interface ProductsTable {
  id: Generated<number>
  shop_id: number
  sku: string
  ean13: string
  name: string
  /** Each unit's weight, packaging included (migration 0011). */
  weight_grams: Defaulted<number>
  /** The box a mono unit goes into without asking; null: the packer chooses. */
  default_box_type_id: number | null
  /** Outer dimensions in mm (migration 0028); null: not given. */
  length_mm: number | null
  width_mm: number | null
  height_mm: number | null
  created_at: CreatedAt
}

export interface LocationsTable {
  id: Generated<number>
  name: string
  kind: Defaulted<LocationKind>
}

export interface StockMovementsTable {
  id: Generated<number>
  kind: StockMovementKind
  product_id: number
  /** Null when goods enter the warehouse (reception, return, inventory surplus). */
  from_location_id: number | null
  /** Null when goods leave it (pick, scrap, inventory shortfall). */
  to_location_id: number | null
  quantity: number
  user_id: number | null
  order_id: number | null
  reason: string | null
  /** When the worker validated the write (migration 0006); defaults to the transaction's time. */
  validated_at: ColumnType<Date, Date | string | undefined, never>
  created_at: CreatedAt
}

/**
 * Quantity per product and location: the ledger's running sum, kept by triggers on
 * stock_movements in the same transaction (functions/stock-balances.sql). CHECK quantity >= 0.
 */
export interface StockBalancesTable {
  product_id: number
  location_id: number
  quantity: number
}

/** View: the non-zero rows of stock_balances (quantity per product and location). */
export interface StockLevelsView {
  product_id: number
  location_id: number
  quantity: number
}

export interface CarriersTable {
  id: Generated<number>
  code: string
  name: string
  max_parcel_grams: Defaulted<number>
  /** The demo carrier's behaviour: 'never', 'always', 'address', or a rate ('0.2'). */
  label_failure: Defaulted<string>
}

export interface ComputersTable {
  id: Generated<number>
  name: string
  /** Null for a workstation known by its name only (migration 0019). */
  ip: string | null
}

export interface PrintersTable {
  id: Generated<number>
  computer_id: number
  name: string
  use: PrinterUse
  /** 'pdf' through the driver, 'zpl' sent raw (migration 0018). */
  language: Defaulted<PrinterLanguage>
}

/** Every change made in the admin area (migration 0018). */
export interface AdminAuditTable {
  id: Generated<number>
  at: CreatedAt
  actor_id: number | null
  actor: string
  entity: string
  entity_key: string
  action: 'create' | 'update' | 'delete'
  before: unknown
  after: unknown
}

export interface UserIpsTable {
  user_id: number
  ip: string
  reported_at: Defaulted<Date>
}

export interface IdempotencyRecordsTable {
  user_id: number
  key: string
  method: string
  path: string
  request_hash: string
  status: number
  body: unknown
  created_at: CreatedAt
}

export interface RebutReasonsTable {
  id: Generated<number>
  label: string
  /** Display order of the scrap screen's list. */
  position: Defaulted<number>
  /** A retired reason is kept (movements name it) but no longer offered (migration 0018). */
  active: Defaulted<boolean>
}

/** One row (id = true): the last box number handed out. */
export interface BoxCounterTable {
  id: Defaulted<boolean>
  last_number: Defaulted<number>
}

/** The tables of schema-receptions.ts are its ReceptionTables. */
export interface Database extends ReceptionTables {
  users: UsersTable
  admin_audit: AdminAuditTable
  shops: ShopsTable
  user_shops: UserShopsTable
  products: ProductsTable
  locations: LocationsTable
  stock_movements: StockMovementsTable
  stock_balances: StockBalancesTable
  stock_levels: StockLevelsView
  orders: OrdersTable
  order_lines: OrderLinesTable
  campaigns: CampaignsTable
  order_status_history: OrderStatusHistoryTable
  picking_batches: PickingBatchesTable
  batch_orders: BatchOrdersTable
  picking_print_log: PickingPrintLogTable
  picking_sessions: PickingSessionsTable
  pick_tasks: PickTasksTable
  totes: TotesTable
  count_tasks: CountTasksTable
  carriers: CarriersTable
  box_types: BoxTypesTable
  box_type_carriers: BoxTypeCarriersTable
  parcels: ParcelsTable
  parcel_lines: ParcelLinesTable
  tracking_numbers: TrackingNumbersTable
  shop_labels: ShopLabelsTable
  carrier_serials: CarrierSerialsTable
  routing_rules: RoutingRulesTable
  carrier_slip_groups: CarrierSlipGroupsTable
  carrier_slips: CarrierSlipsTable
  slip_parcels: SlipParcelsTable
  computers: ComputersTable
  printers: PrintersTable
  user_ips: UserIpsTable
  login_attempts: LoginAttemptsTable
  ended_sessions: EndedSessionsTable
  idempotency_records: IdempotencyRecordsTable
  box_counter: BoxCounterTable
  rebut_reasons: RebutReasonsTable
  customization_files: CustomizationFilesTable
  return_origins: ReturnReasonsTable
  return_wait_reasons: ReturnReasonsTable
  returns: ReturnsTable
  return_lines: ReturnLinesTable
  shop_api_keys: ShopApiKeysTable
  api_calls: ApiCallsTable
  shop_order_counters: ShopOrderCountersTable
  shop_events: ShopEventsTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  stock_event_watermarks: StockEventWatermarksTable
  shop_platforms: ShopPlatformsTable
  platform_deliveries: PlatformDeliveriesTable
  platform_fulfilments: PlatformFulfilmentsTable
}

export type UserRow = Selectable<UsersTable>
export type NewProduct = Insertable<ProductsTable>
export type NewStockMovement = Insertable<StockMovementsTable>
