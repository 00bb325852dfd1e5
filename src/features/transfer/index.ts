/** Transfer / putaway screen: move products from one location to another. */
export { Transfer } from './components/transfer.tsx'
