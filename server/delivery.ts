/**
 * WORKERS=N: the process that delivers the shops' webhooks (webhooks/dispatcher.ts) and sends the
 * shipments back to their stores (platforms/fulfilment/sender.ts), forked by the
 * primary beside the N serving processes (workers.ts). It serves no request, and runs at a lower
 * CPU priority than they do: on a machine the floor's requests keep busy, the operating system
 * gives the serving processes the cores first and the deliveries what is left, so a shipment's
 * hundred webhooks never queue behind a scan in an event loop, nor take its core. Deliveries may
 * wait a second or two; a scan may not (docs/webhooks.md, 'Where deliveries run').
 *
 * Alone (no WORKERS) the one process delivers, beside its requests (serve.ts): an embedded
 * database serves one process only. Several machines each run one delivery process, and they
 * share the work through the outbox's claims.
 */
import { setPriority } from 'node:os'
import type { ServerConfig } from './config.ts'
import { openDatabase } from './db/connect.ts'
import type { Db } from './db/connect.ts'
import { httpSend } from './platforms/fulfilment/http-send.ts'
import { startFulfilmentSender } from './platforms/fulfilment/sender.ts'
import { startDispatcher } from './webhooks/dispatcher.ts'

/**
 * What leaves for the shops: their webhooks (webhooks/dispatcher.ts) and the shipments sent back
 * to their stores (platforms/fulfilment/sender.ts). Stop: each waits for what it is sending, 2 s at
 * most; what is cut is sent again once its claim runs out.
 */
export function startOutgoing(db: Db): { stop(): Promise<void> } {
  const dispatcher = startDispatcher(db)
  const fulfilments = startFulfilmentSender(db, httpSend())
  return {
    async stop() {
      await Promise.all([dispatcher.stop(), fulfilments.stop()])
    },
  }
}

/** Nice value of the delivery process: below the serving processes (0), above idle work (19). */
const DELIVERY_NICENESS = 10

export function deliver(config: ServerConfig): void {
  try {
    setPriority(DELIVERY_NICENESS)
  } catch {
    // A system that refuses it (a container's policy) delivers at the same priority.
  }
  const db = openDatabase(config)
  const outgoing = startOutgoing(db)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(1), 10_000).unref()
    // A delivery cut here is sent again once its claim runs out.
    await outgoing.stop()
    await db.destroy()
    process.exit(0)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop())
  // The primary gone (its IPC channel closed): nobody would stop this process otherwise.
  process.on('disconnect', () => void stop())
}
