/** The scan pipeline: one field, one page-level hook, the same feedback and parsing everywhere. */
export { ScanField, type ScanFieldProps } from './components/scan-field.tsx'
export { ScannerDiagnostics } from './components/scanner-diagnostics.tsx'
export { useScanListener } from './hooks/use-scan-listener.ts'
export type { ScanHandler, ScanVerdict } from './types.ts'
export { parseScan, type ScanResult } from './model/parse.ts'
export { notALocation } from './location-scan.ts'
export { productCodesOf, matchesProduct, type ProductCodes } from './model/product-codes.ts'
export * from './flow/index.ts'
