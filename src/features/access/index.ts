export * from './api.ts'
export * from './components/session-gate.tsx'
export * from './components/guards.tsx'
