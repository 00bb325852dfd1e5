/** 'Expédition' (/warehouse/shipment): mono batches and multi orders packed, labelled and verified. */
export { Shipment } from './components/shipment.tsx'
export type { ShipmentPrint } from './use-shipment.ts'
