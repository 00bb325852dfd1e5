/** 'Colis' (/warehouse/packaging): an order's parcels, changed before labelling, labelled, voided. */
export { Packaging } from './components/packaging.tsx'
