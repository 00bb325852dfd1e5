/** bench:webhooks' side of its receiver (webhook-receiver-process.ts): starts it and sends it commands. */
import { fork } from 'node:child_process'
import type { Receipt, ReceiverCommand, ReceiverReply } from './webhook-receiver-process.ts'
import { treeCpuMs } from './server.ts'

export type { Receipt } from './webhook-receiver-process.ts'

type Command = ReceiverCommand extends infer C ? (C extends unknown ? Omit<C, 'seq'> : never) : never

export interface Receiver {
  /** Listens on 127.0.0.1:`port` (0: any free port); answers the port. */
  listen(port?: number): Promise<number>
  /** The endpoint's signing secret (whsec_…), once the endpoint is registered. */
  secret(secret: string): Promise<void>
  /** Down: the port refuses connections. */
  close(): Promise<void>
  /** The receipts since the last drain, and the wrong signatures so far. */
  drain(): Promise<{ receipts: Receipt[]; badSignatures: number }>
  cpuMs(): number
  stop(): void
}

export function startReceiver(): Receiver {
  const child = fork(new URL('./webhook-receiver-process.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  process.once('exit', () => child.kill('SIGTERM'))
  const waiting = new Map<number, (reply: ReceiverReply) => void>()
  child.on('message', (reply: ReceiverReply) => {
    waiting.get(reply.seq)?.(reply)
    waiting.delete(reply.seq)
  })
  let seq = 0
  const ask = (command: Command) =>
    new Promise<ReceiverReply>((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`receiver exited with code ${child.exitCode}`))
      const n = ++seq
      waiting.set(n, resolve)
      child.send({ ...command, seq: n })
    })
  return {
    listen: async (port = 0) => (await ask({ cmd: 'listen', port })).port as number,
    secret: async (secret) => void (await ask({ cmd: 'secret', secret })),
    close: async () => void (await ask({ cmd: 'close' })),
    drain: async () => {
      const reply = await ask({ cmd: 'drain' })
      return { receipts: reply.receipts ?? [], badSignatures: reply.badSignatures ?? 0 }
    },
    cpuMs: () => (child.pid === undefined ? 0 : treeCpuMs(child.pid)),
    stop: () => void child.kill('SIGTERM'),
  }
}
