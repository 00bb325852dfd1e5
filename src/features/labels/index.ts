/** Label printing screens: locations and boxes (product labels come from product information). */
export { LocationLabels } from './components/location-labels.tsx'
export { BoxLabels, boxRequest } from './components/box-labels.tsx'
export { useProductLabels, type LabelFormat, type PrintHandler } from './api.ts'
