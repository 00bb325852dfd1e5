export * from './jwt.ts'
export * from './token-store.ts'
