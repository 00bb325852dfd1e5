// The database's worker thread (pglite-engine.ts) runs TypeScript through tsx, as the server's own
// thread does: tsx's --import does not reach worker threads.
import { register } from 'tsx/esm/api'

register()
await import('./pglite-thread.ts')
