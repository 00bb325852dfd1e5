/** Pick lists (issue 12): the shops with orders ready, and a shop's lists printed per type or campaign. */
export { PickingShops } from './components/picking-shops.tsx'
export { PickingShop } from './components/picking-shop.tsx'
export { pickingText } from './text.ts'
