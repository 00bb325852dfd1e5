/** Pick lists (issue 12): the shops with orders ready, and a shop's lists printed per type or campaign. */
export { PickingShops } from './components/picking-shops.tsx'
export { PickingShop } from './components/picking-shop.tsx'
export { pickingKeys } from './api.ts'
export { PICKING_TYPE_LABELS } from './model.ts'
