/**
 * The messages between the runs (world.ts) and the real server in its child process
 * (server-process.ts). A file of their own: the server's code is type-checked once, with the
 * server's (tsconfig.node.json), not again with the app's through a type import.
 */
export type ToServer = { id: number; sql: string; params: unknown[] }
export type FromServer =
  | { ready: true; port: number; engine: string }
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; error: string }
