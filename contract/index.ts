/** The one contract between the PWA and any backend: import from here, nowhere deeper. */
export * from './endpoint.ts'
export * from './errors.ts'
export * from './ip.ts'
export * from './roles.ts'
export * from './endpoints/user.ts'
export * from './endpoints/printing.ts'
export * from './endpoints/stock.ts'
export { endpoints } from './endpoints.ts'
