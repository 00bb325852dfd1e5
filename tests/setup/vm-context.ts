/**
 * The client project runs each file in a VM context of a long-lived process (pool 'vmForks'): jsdom,
 * React and Mantine are loaded once per process instead of once per file; the model project's files
 * share one process outright. Two things then come from that process rather than from the file's own
 * window:
 * - The web streams jsdom does not have (msw's server-sent events need WritableStream).
 * - BroadcastChannel, Node's, shared by every file the process runs. Dexie tells other tabs of a
 *   change over it, so a file's writes would reach an earlier file's databases still listening.
 *   Each file's channels get names of their own; two databases of one file still hear each other.
 */
import * as webStreams from 'node:stream/web'

for (const [name, value] of Object.entries(webStreams))
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value })

const fileScope = crypto.randomUUID()
// Defined, not assigned: in a Node context the global is read-only.
Object.defineProperty(globalThis, 'BroadcastChannel', {
  configurable: true,
  writable: true,
  value: class extends BroadcastChannel {
    constructor(name: string) {
      super(`${fileScope}:${name}`)
    }
  },
})
