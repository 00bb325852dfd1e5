/**
 * What 'Imprimer' and 'Réimprimer' do: claim (or fetch again) a pick list, then send each of its
 * elements to this station's A4 printer through the print agent, saying where it is at.
 *
 * One click = one call. The Idempotency-Key is made for the click and kept while no answer came
 * back (network failure, timeout, 5xx), through a reload too (pending-print.ts): the worker
 * clicking again for the same shop, choice and number sends the same key, so the server answers
 * the batch it may already have made instead of claiming other orders. Any answer, or another
 * request, gets a new key.
 */
import type { PickingBatch, PickingPrint } from '@contract'
import { useCallback, useRef, useState } from 'react'
import { usePrint } from '@/features/printing'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { randomUuid } from '@/lib/random-id'
import { useClaimPickList, useRefreshCounts, useReprintPickList } from './api.ts'
import { keyForClick, targetSignature, type PrintTarget } from './model.ts'
import { loadPendingPrint, savePendingPrint } from './pending-print.ts'
import { recordBatch } from './recent.ts'
import { pickingText as t } from './text.ts'

export type PrintOutcome =
  { kind: 'printed' | 'reprinted'; batch: PickingBatch } | { kind: 'error'; message: string }

/** The French message of a failure; a request that ran out of time is a network failure. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return messages.errors.network
  }
  return error instanceof Error && error.message ? error.message : messages.errors.unexpectedAnswer
}

/** No answer, or one that may change on a retry: the click may be made again with its key. */
const mayRetrySame = (error: unknown) => !(error instanceof ApiError) || error.isRetryable

const newKey = randomUuid

export function usePickListPrint(shop: string, onPrinted?: () => void) {
  const { mutateAsync: claim } = useClaimPickList()
  const { mutateAsync: reprint } = useReprintPickList()
  const print = usePrint()
  const refresh = useRefreshCounts(shop)
  // A second click (or Enter) before React re-renders the disabled button does nothing.
  const running = useRef(false)
  const [progress, setProgress] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null)

  /** Every element of the list on the A4 printer, logged in the print history with its type. */
  const printElements = useCallback(
    async ({ batch, elements }: PickingPrint) => {
      const pickingType = batch.pickingType ?? undefined
      for (const [index, document] of elements.entries()) {
        setProgress(t.printingElement(index + 1, elements.length))
        await print({ document, use: 'a4', pickingType })
      }
    },
    [print],
  )

  const run = useCallback(async (work: () => Promise<PrintOutcome>) => {
    if (running.current) return
    running.current = true
    setOutcome(null)
    try {
      setOutcome(await work())
    } finally {
      running.current = false
      setProgress(null)
    }
  }, [])

  const printList = useCallback(
    (target: PrintTarget) =>
      run(async () => {
        const click = keyForClick(loadPendingPrint(), targetSignature(shop, target), newKey)
        savePendingPrint(click)
        setProgress(t.claiming)
        let answer: PickingPrint
        try {
          answer = await claim({ shop, target, key: click.key })
        } catch (error) {
          if (mayRetrySame(error)) return { kind: 'error', message: t.retrySame(messageOf(error)) }
          // The server answered (none ready, refused): a new click is a new request.
          savePendingPrint(null)
          void refresh()
          return { kind: 'error', message: messageOf(error) }
        }
        if (loadPendingPrint()?.key === click.key) savePendingPrint(null)
        // Kept before printing: orders are now claimed, a failed print must be reprinted, not redone.
        recordBatch(answer.batch)
        void refresh()
        onPrinted?.()
        try {
          await printElements(answer)
        } catch (error) {
          return { kind: 'error', message: t.claimedNotPrinted(answer.batch.name, messageOf(error)) }
        }
        return { kind: 'printed', batch: answer.batch }
      }),
    [claim, onPrinted, printElements, refresh, run, shop],
  )

  const reprintList = useCallback(
    (pickingName: string) =>
      run(async () => {
        setProgress(t.preparing)
        try {
          const answer = await reprint(pickingName)
          recordBatch(answer.batch)
          await printElements(answer)
          return { kind: 'reprinted', batch: answer.batch }
        } catch (error) {
          return { kind: 'error', message: messageOf(error) }
        }
      }),
    [printElements, reprint, run],
  )

  return { printList, reprintList, progress, outcome, busy: progress !== null }
}
