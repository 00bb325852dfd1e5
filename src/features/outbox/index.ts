/** The outbox: stock writes that survive a lost network, a reload and a closed tab. */
export type { StockWrite, StockWriteKind, SubmitResult } from './types.ts'
export { useStockWrite } from './use-stock-write.ts'
export { OutboxScreen } from './components/outbox-screen.tsx'
export { RefusedWrites } from './components/refused-writes.tsx'
export { outboxText } from './text.ts'
export { loadReopened } from './reopen.ts'
export { discardItem } from './engine.ts'
export {
  queueWrite,
  onWriteAnswer,
  queuedWrites,
  watchQueuedWrites,
  sendQueuedNow,
  type QueuedWrite,
  type WriteAnswer,
} from './queue.ts'
