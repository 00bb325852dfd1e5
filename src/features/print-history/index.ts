// The shell starts the recorder from `./recorder.ts` directly: this index also brings Dexie (api, screen).
export * from './model.ts'
export * from './api.ts'
export * from './recorder.ts'
export * from './components/print-history-screen.tsx'
