/** 'Bordereau transport' (/warehouse/carrier-slip): load parcels onto carrier slips, close them, print the manifest. */
export { CarrierSlip } from './components/carrier-slip.tsx'
