/**
 * 'Retour' (/warehouse/order-return): a returned parcel received, item by item, through the
 * outbox; and the returns waiting for a decision, attached to their order or closed.
 */
export { OrderReturnScreen } from './components/order-return-screen.tsx'
