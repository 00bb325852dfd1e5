/**
 * 'Retours en attente' wiring: the list (read afresh), the returns whose decision still waits in
 * the outbox, and each decision queued in the outbox (sent at once online, kept offline, exactly
 * once under its Idempotency-Key); a refusal (4xx) is said on the return's card.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useReducer, useState } from 'react'
import { useStockWrite, watchQueuedWrites } from '@/features/outbox'
import { refusalOf, unplacedMessages } from '@/features/scanning'
import { returnOrderKeys, waitingReturnsQuery } from './api.ts'
import { initialWaiting, reduceWaiting, resolveWrite } from './waiting.ts'

/** The numbers of the returns whose decision waits in the outbox (not refused: those are the outbox's). */
function usePendingDecisions(): ReadonlySet<string> {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  useEffect(
    () =>
      watchQueuedWrites('resolve', (writes) =>
        setPending(new Set(writes.filter((w) => w.status !== 'failed').map((w) => w.write.targetNumber))),
      ),
    [],
  )
  return pending
}

export function useWaitingReturns() {
  const client = useQueryClient()
  const list = useQuery(waitingReturnsQuery())
  const write = useStockWrite<'resolve'>()
  const [state, dispatch] = useReducer(reduceWaiting, initialWaiting)
  const pending = usePendingDecisions()

  /** Attach `number` to `order` (as scanned), or close it when `order` is null. */
  const resolve = async (number: string, order: string | null) => {
    const { write: decision, label } = resolveWrite(number, order)
    try {
      const result = await write.submit({ write: decision, label })
      // Another tap while this decision was on its way: it is the same one.
      if (result === null) return
      const queued = result.status === 'queued'
      const waiting = result.status === 'sent' && result.response.status === 'waiting'
      // The order's own number, when a tracking number was scanned.
      const name = result.status === 'sent' ? (result.response.order?.name ?? order) : order
      dispatch({ type: 'resolved', number, order: name, queued, waiting })
      void client.invalidateQueries({ queryKey: returnOrderKeys.waiting() })
    } catch (error) {
      const message = unplacedMessages(refusalOf(error), () => false).join(' ')
      dispatch({ type: 'refused', number, message })
    }
  }
  return { list, state, dispatch, pending, resolve, busy: write.isPending }
}
