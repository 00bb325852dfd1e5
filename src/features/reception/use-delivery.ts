/**
 * The expected delivery's wiring on the reception screen (issue 34, docs/stock.md): the shop's
 * open deliveries and the chosen one's count from the query cache (src/lib/queries/
 * expected-receptions.ts), this shop's receptions waiting in the outbox, every reception's answer
 * (the delivery as it stands after it), and the close, through the outbox. What it all means is
 * computed by the model (expected.ts, delivery.ts); this only feeds it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { onWriteAnswer, useStockWrite, watchQueuedWrites, type QueuedWrite } from '@/features/outbox'
import { refusalOf } from '@/features/scanning'
import {
  expectedReceptionKeys,
  expectedReceptionListQuery,
  expectedReceptionQuery,
} from '@/lib/queries/expected-receptions'
import { ApiError } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import { closeWrite, openChoices, outboxUnits } from './delivery.ts'

import type { ReceptionEvent, ReceptionState } from './model.ts'
import { text as t } from './text.ts'

interface Flow {
  state: ReceptionState
  current(): ReceptionState
  dispatch(event: ReceptionEvent): void
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * The ids of this shop's deliveries whose close waits in the outbox: off the list already. A
 * refused close is the outbox's to show (retry or discard); its delivery stays on the list.
 */
function useClosing(shopSlug: string): number[] {
  const [closing, setClosing] = useState<number[]>([])
  useEffect(
    () =>
      watchQueuedWrites('receptionClose', (writes) =>
        setClosing(
          writes
            .filter((w) => w.write.shopSlug === shopSlug && w.status !== 'failed')
            .map((w) => w.write.targetId),
        ),
      ),
    [shopSlug],
  )
  return closing
}

/**
 * This shop's receptions waiting in the outbox, into the model. A write answered is left out at
 * once: the server's count has it from then on, and the outbox deletes it only at the end of its batch.
 */
function useOutboxUnits(shopSlug: string, dispatch: Flow['dispatch']) {
  const client = useQueryClient()
  useEffect(() => {
    const answered = new Set<number>()
    let last: QueuedWrite<'reception'>[] = []
    const tell = () =>
      dispatch({
        type: 'outboxChanged',
        outbox: outboxUnits(
          last.filter((w) => !answered.has(w.id)),
          shopSlug,
        ),
      })
    const stopWatch = watchQueuedWrites('reception', (writes) => {
      last = writes
      tell()
    })
    const stopAnswers = onWriteAnswer('reception', (answer) => {
      if (answer.outcome !== 'sent' || answer.write.shopSlug !== shopSlug) return
      answered.add(answer.id)
      const counted = answer.response?.expected
      if (counted) client.setQueryData(expectedReceptionKeys.one(shopSlug, counted.id), counted)
      tell()
    })
    return () => {
      stopWatch()
      stopAnswers()
    }
  }, [client, shopSlug, dispatch])
}

export function useDelivery(shopSlug: string, flow: Flow) {
  const client = useQueryClient()
  const { dispatch } = flow
  const list = useQuery(expectedReceptionListQuery(shopSlug))
  const chosen = flow.state.expected
  const notice = useQuery({ ...expectedReceptionQuery(shopSlug, chosen?.id ?? 0), enabled: chosen !== null })
  const closing = useClosing(shopSlug)
  const closer = useStockWrite<'receptionClose'>()
  useOutboxUnits(shopSlug, dispatch)

  // The server's count into the model (read, or put in the cache by a reception's answer), and
  // again when the delivery is chosen anew: choosing drops the figures of the one before.
  const chosenId = chosen?.id
  useEffect(() => {
    if (notice.data && notice.data.id === chosenId) dispatch({ type: 'noticeLoaded', notice: notice.data })
  }, [notice.data, chosenId, dispatch])

  /** 'Confirmer la clôture': sent, or queued behind this delivery's receptions (outbox/registry.ts). */
  const close = () =>
    flow.run(async () => {
      const current = flow.current()
      const made = closeWrite(current, shopSlug)
      if (!made || !current.closeAsked || !current.expected) return
      const { id, reference } = current.expected
      try {
        const result = await closer.submit(made)
        if (result === null) return
        if (result.status === 'sent')
          client.setQueryData(expectedReceptionKeys.one(shopSlug, id), result.response)
        void client.invalidateQueries({ queryKey: expectedReceptionKeys.list(shopSlug) })
        dispatch({ type: 'closed' })
        showToast(
          result.status === 'sent'
            ? { color: 'green', message: t.closed(reference) }
            : { color: 'orange', message: t.closeQueued(reference) },
        )
      } catch (error) {
        dispatch({ type: 'closeRefused', message: refusalOf(error).message })
      }
    })

  // The server refused to show it (gone, another shop's): its French message. No answer at all is
  // the offline case, which the figures' own text covers.
  const refused = notice.error instanceof ApiError && notice.error.status >= 400 ? notice.error.message : null
  return {
    list,
    choices: openChoices(list.data ?? [], closing),
    notice,
    noticeRefused: refused,
    close,
    closing: closer.isPending,
  }
}
