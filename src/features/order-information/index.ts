/** 'Information commande' (docs/specification.md §2.1, role Print): search an order by whatever is in hand, see it in full. */
export { OrderSearch, type OrderSearchProps } from './components/order-search.tsx'
export { OrderDetailScreen, type OrderDetailScreenProps } from './components/order-detail.tsx'
export { orderInformationText } from './text.ts'
