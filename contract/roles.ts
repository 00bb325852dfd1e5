import { z } from 'zod/mini'

/** Warehouse roles of docs/specification.md §6, as they appear in userAccess.warehouse.roles. */
export const WAREHOUSE_ROLES = [
  'Picking',
  'Shipping',
  'Barcode',
  'Reception',
  'Inventory',
  'Transfer',
  'Rebut',
  'Print',
  'ReturnProduct',
] as const

export const warehouseRoleSchema = z.enum(WAREHOUSE_ROLES)
export type WarehouseRole = z.infer<typeof warehouseRoleSchema>

/** The roles that open the stock information screens (a location's content, a product's stock). */
export const STOCK_INFO_ROLES = [
  'Reception',
  'Transfer',
  'Rebut',
  'Inventory',
  'Print',
  'Barcode',
] as const satisfies readonly WarehouseRole[]

/** docs/specification.md §3 picking types. */
export const MONO_PICKING_TYPES = ['mono', 'mono_customized', 'mono_gift', 'mono_classic'] as const
export const MULTI_PICKING_TYPES = ['multi', 'multi_customized', 'multi_gift', 'multi_classic'] as const
export const pickingTypeSchema = z.enum([...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES])
export type PickingType = z.infer<typeof pickingTypeSchema>

/** docs/specification.md §3 warehouse operation types. */
export const warehouseOperationTypeSchema = z.enum([
  'INFO',
  'PICKING',
  'REBUT',
  'RECEPTION',
  'REPRINT',
  'RETURN_PRODUCT',
  'SHIPPING',
  'INVENTORY',
  'TRANSFER',
  'BARCODE',
])
export type WarehouseOperationType = z.infer<typeof warehouseOperationTypeSchema>
