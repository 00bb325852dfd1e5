/** Scrap screen: take damaged goods of one shop out of a location, with a reason. */
export { Rebut } from './components/rebut.tsx'
