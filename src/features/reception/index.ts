/** Reception screen: receive the products of a shop into locations. */
export { Reception } from './components/reception.tsx'
