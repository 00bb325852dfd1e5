/**
 * Where PGlite runs: in this thread (the tests' in-memory databases), or in a worker thread of its
 * own (the server's database on disk, openDatabase in connect.ts).
 *
 * Why a thread (issue 15, headroom on the API): PGlite is PostgreSQL compiled to WebAssembly, and
 * its calls are synchronous, so in the server's thread every statement stopped the HTTP server
 * while it ran: one core did the HTTP, the validation, Kysely and all of PostgreSQL's work, and the
 * other idled. In a thread, PostgreSQL runs beside the HTTP server. The thread is kept dumb: it is
 * handed the protocol's bytes and hands back PostgreSQL's answer (pglite-thread.ts), both moved,
 * not copied; preparing, serialising and parsing stay here (pglite-statements.ts), so the thread's
 * time is PostgreSQL's alone (a thread that parsed the answers and posted objects spent a tenth of
 * its time in postMessage).
 */
import { Worker } from 'node:worker_threads'
import { type PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { keepFileSizes } from './pglite-file-sizes.ts'
import { decode } from './pglite-statements.ts'

type Parsers = PGlite['parsers']
type Serializers = PGlite['serializers']

export interface PGliteEngine {
  /** Type parsers and serializers by type OID: the ones PGlite's query() uses. */
  readonly parsers: Parsers
  readonly serializers: Serializers
  /** Its calls run in this thread, holding up the event loop while they run. */
  readonly blocking: boolean
  /** Starts it; notifications PGlite hands out by its own query path go to `onNotification`. */
  ready(onNotification: (channel: string) => void): Promise<void>
  /** Protocol messages in, PostgreSQL's answer out, in one call. */
  exec(message: Uint8Array): Uint8Array | Promise<Uint8Array>
  /** Outside a transaction: lets the files sync (a no-op on Node's file system). */
  syncToFs(): Promise<void>
  /** The data folder as a gzip tarball (PGlite's dumpDataDir), for backups. */
  dumpDataDir(): Promise<Uint8Array>
  close(): Promise<void>
}

/** PGlite in this thread. */
export function inThread(pglite: PGlite): PGliteEngine {
  return {
    blocking: true,
    get parsers() {
      return pglite.parsers
    },
    get serializers() {
      return pglite.serializers
    },
    async ready(onNotification) {
      await pglite.waitReady
      keepFileSizes(pglite)
      // A test's own pglite.query() hands notifications out here, not in the answers we read.
      pglite.onNotification((channel) => onNotification(channel))
    },
    exec: (message) => pglite.execProtocolRawSync(message),
    syncToFs: () => pglite.syncToFs(),
    dumpDataDir: () => gzipDump(pglite),
    close: async () => {
      if (!pglite.closed) await pglite.close()
    },
  }
}

/** PGlite's data folder as a gzip tarball, in bytes (backups; the thread's dump). */
export async function gzipDump(pglite: PGlite): Promise<Uint8Array> {
  return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
}

/** `bytes` alone in their buffer (so they can be moved between threads): as they are, or a copy. */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

/** What the thread is asked (pglite-thread.ts): one of these, with the call's id. */
export type ThreadRequest =
  { id: number; exec: Uint8Array } | { id: number; dump: true } | { id: number; close: true }

/** What the thread answers: the bytes asked for, or why it could not. */
export type ThreadAnswer =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string }

/**
 * PGlite on `dataDir` in a worker thread. Its calls are answered in order; an exec's answer comes
 * back as bytes, parsed here with parsers built as PGlite builds its own (its base types, then an
 * array parser for each array type the database has).
 */
export function inWorker(dataDir: string): PGliteEngine {
  const worker = new Worker(new URL('./pglite-thread-boot.mjs', import.meta.url), { workerData: { dataDir } })
  const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
  let next = 0
  let failure: Error | null = null
  let started!: { resolve: () => void; reject: (error: Error) => void }
  const startup = new Promise<void>((resolve, reject) => (started = { resolve, reject }))
  // A thread that fails before ready() is awaited must not end the process as an unhandled
  // rejection: ready() rethrows it, with its message.
  startup.catch(() => undefined)
  const fail = (error: Error) => {
    failure ??= error
    started.reject(error)
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  worker.on('message', (answer: ThreadAnswer) => {
    if ('ready' in answer) {
      if (answer.ready) started.resolve()
      else fail(new Error(`PGlite : ${answer.error}`))
      return
    }
    const call = pending.get(answer.id)
    pending.delete(answer.id)
    if ('bytes' in answer) call?.resolve(answer.bytes)
    else call?.reject(new Error(`PGlite : ${answer.error}`))
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`PGlite : le thread de la base s'est arrêté (code ${code})`)))

  const ask = (request: { exec: Uint8Array } | { dump: true } | { close: true }): Promise<Uint8Array> => {
    if (failure) return Promise.reject(failure)
    const id = next++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      if ('exec' in request) {
        // The message's bytes are moved to the thread, not copied, when they own their buffer.
        const bytes = ownBuffer(request.exec)
        worker.postMessage({ id, exec: bytes }, [bytes.buffer as ArrayBuffer])
      } else worker.postMessage({ id, ...request })
    })
  }

  const parsers: Parsers = { ...types.parsers }
  const serializers: Serializers = { ...types.serializers }
  return {
    blocking: false,
    parsers,
    serializers,
    async ready() {
      await startup
      // As PGlite's _initArrayTypes: every array type gets its element type's parser and serializer.
      const answer = await ask({
        exec: protocol.serialize.query(`
          select b.oid, b.typarray from pg_catalog.pg_type a
          left join pg_catalog.pg_type b on b.oid = a.typelem
          where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`),
      })
      const [result] = parse.parseResults(decode(answer), parsers)
      for (const row of (result?.rows ?? []) as { oid: number; typarray: number }[]) {
        const oid = Number(row.oid)
        const typarray = Number(row.typarray)
        serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid], typarray)
        parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] ?? ((x: string) => x), typarray)
      }
    },
    exec: (message) => ask({ exec: message }),
    syncToFs: async () => undefined, // the thread syncs after each call that ends outside a transaction
    dumpDataDir: () => ask({ dump: true }),
    close: async () => {
      try {
        if (!failure) await ask({ close: true })
      } finally {
        // Even when PGlite could not close: the thread does not outlive the database.
        failure ??= new Error('PGlite : la base est fermée')
        await worker.terminate()
      }
    },
  }
}
