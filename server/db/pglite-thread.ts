/**
 * The database's worker thread (pglite-engine.ts inWorker): PGlite on the server's data folder,
 * answering protocol bytes with PostgreSQL's answer, in the order asked. Nothing else runs here,
 * so the thread's time is PostgreSQL's.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { gzipDump, ownBuffer, type ThreadAnswer, type ThreadRequest } from './pglite-engine.ts'
import { keepFileSizes } from './pglite-file-sizes.ts'

const port = parentPort!
const post = (answer: ThreadAnswer, move?: ArrayBuffer) => port.postMessage(answer, move ? [move] : [])
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The last message of an answer is ReadyForQuery ('Z', length 5, status): 'I' outside a transaction. */
const idle = (answer: Uint8Array) =>
  answer.length >= 6 && answer[answer.length - 6] === 0x5a && answer[answer.length - 1] === 0x49

try {
  const pglite = new PGlite((workerData as { dataDir: string }).dataDir)
  await pglite.waitReady
  keepFileSizes(pglite)
  port.on('message', async (request: ThreadRequest) => {
    try {
      if ('exec' in request) {
        const answer = pglite.execProtocolRawSync(request.exec)
        // As PGlite's query() does once a transaction is over (a no-op on Node's file system).
        if (idle(answer)) await pglite.syncToFs()
        const own = ownBuffer(answer)
        post({ id: request.id, bytes: own }, own.buffer as ArrayBuffer)
      } else if ('dump' in request) {
        const dump = await gzipDump(pglite)
        post({ id: request.id, bytes: dump }, dump.buffer as ArrayBuffer)
      } else {
        await pglite.close()
        post({ id: request.id, bytes: new Uint8Array(0) })
      }
    } catch (error) {
      post({ id: request.id, error: message(error) })
    }
  })
  post({ ready: true })
} catch (error) {
  post({ ready: false, error: message(error) })
}
