export * from './jwt.ts'
export * from './token-store.ts'
export * from './sign-in.ts'
