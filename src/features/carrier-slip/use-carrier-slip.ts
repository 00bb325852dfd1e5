/**
 * The screen's wiring around its flow (useScanFlow): the list (refreshed every minute) fed into
 * the model, the close sent in the flow's queue with the key the model keeps until an answer
 * comes, then the manifest sent to the A4 printer and the list asked again.
 */
import type { PrintDocument } from '@contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useScanFlow } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { randomUuid } from '@/lib/random-id'
import { carrierSlipKeys, carrierSlipListQuery, closeSlip, routeParcel } from './api.ts'
import { slipDraft } from './draft.ts'
import { slipModel, type CloseMode } from './model.ts'
import { slipScan } from './scan.ts'
import { text as t } from './text.ts'

export type PrintManifest = (document: PrintDocument) => Promise<void>

export function useCarrierSlip(onPrint: PrintManifest) {
  const client = useQueryClient()
  const list = useQuery(carrierSlipListQuery())
  const flow = useScanFlow({ model: slipModel, onScan: slipScan({ route: routeParcel }), draft: slipDraft })
  const { dispatch, run, current } = flow
  const groups = list.data?.groups
  useEffect(() => {
    if (groups) dispatch({ type: 'listed', groups })
  }, [groups, dispatch])

  const refresh = () => void client.invalidateQueries({ queryKey: carrierSlipKeys.list() })
  const print = (document: PrintDocument) =>
    onPrint(document).then(
      () => dispatch({ type: 'printed' }),
      (error: unknown) =>
        dispatch({ type: 'printFailed', message: error instanceof Error ? error.message : String(error) }),
    )

  /** Sends the close the model holds (after the draft has kept it, key included). */
  const send = () =>
    run(async () => {
      const pending = current().closing
      if (!pending || pending.failed) return
      try {
        const result = await closeSlip(pending.group, pending.trackingNumbers, pending.key)
        dispatch({ type: 'closed', result })
        refresh()
        // Not awaited: the agent may take seconds, and the next scans need not wait for the paper.
        void print(result.manifest)
      } catch (error) {
        const refused = error instanceof ApiError && !error.isRetryable
        dispatch({
          type: 'closeFailed',
          retryable: !refused,
          message: refused ? error.message : t.closeOffline,
        })
        // The slip as it is now: a parcel may have left it, or the slip been closed elsewhere.
        if (refused) refresh()
      }
    })

  return {
    flow,
    list,
    close: (mode: CloseMode) => {
      dispatch({ type: 'closeChosen', mode, key: randomUuid() })
      void send()
    },
    retry: () => {
      dispatch({ type: 'closeRetried' })
      void send()
    },
    reprint: () => {
      const closed = current().closed
      if (!closed) return
      dispatch({ type: 'printing' })
      void print(closed.result.manifest)
    },
  }
}
