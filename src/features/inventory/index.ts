/** Inventory screen: count what a location holds and bring the ledger to it. */
export { Inventory } from './components/inventory.tsx'
