export * from './api.ts'
export * from './components/login-form.tsx'
export * from './redirect.ts'
export * from './use-logout.ts'
