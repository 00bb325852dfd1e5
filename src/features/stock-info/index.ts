/** Stock information screens: a product's stock and movements, a location's content. */
export { ProductInformation, type ProductInformationProps } from './components/product-information.tsx'
export { LocationInformation, type LocationInformationProps } from './components/location-information.tsx'
export { stockInfoText } from './text.ts'
