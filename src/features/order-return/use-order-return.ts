/**
 * The 'Retour' screen's wiring around its flow (useScanFlow): the look-ups of a scan, the origin
 * remembered on the device, and 'Valider le retour', which queues the write in the outbox behind
 * the scans made before it: sent at once online, kept on the device offline (the notice says which),
 * exactly once under its Idempotency-Key; a refusal (4xx) comes back to its fields and lines.
 */
import type { ReturnableOrder } from '@contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useStockWrite } from '@/features/outbox'
import { refusalOf, useScanFlow } from '@/features/scanning'
import { locationContentQuery } from '@/lib/queries/stock'
import { orderDetailQuery, orderSearchQuery, useOrigins } from './api.ts'
import { returnDraft } from './draft.ts'
import {
  canSubmit,
  orderFound,
  previewOfReturnable,
  returnModel,
  returnWrite,
  type ReturnEvent,
} from './model.ts'
import { returnReopen, returnScan, type ReturnLookUps } from './scan.ts'
import { readLastOrigin, writeLastOrigin } from './settings.ts'

export interface OrderReturnOptions {
  /** The user may read orders (role Print): the order is shown before the items are scanned. */
  preview: boolean
  /** The user's shops, for the search of an order by its customer. */
  shops: readonly { slug: string; name: string }[]
  /** `?reopen=<outbox id>`: a refused return to correct. */
  reopen?: number
}

export function useOrderReturn({ preview, reopen }: Omit<OrderReturnOptions, 'shops'>) {
  const client = useQueryClient()
  const write = useStockWrite<'return'>()
  const lookUps = useMemo<ReturnLookUps>(
    () => ({
      preview,
      detail: (order) => client.fetchQuery(orderDetailQuery(order)),
      search: (q) => client.fetchQuery(orderSearchQuery(q)),
      location: (name) => client.fetchQuery(locationContentQuery(name)),
    }),
    [client, preview],
  )
  const [model] = useState(() => returnModel(readLastOrigin()))
  const flow = useScanFlow({
    model,
    onScan: returnScan(lookUps),
    draft: returnDraft,
    load: reopen === undefined ? undefined : returnReopen(reopen, lookUps),
  })
  const { dispatch } = flow

  // An origin remembered from a list that no longer has it is dropped, not sent.
  const origins = useOrigins()
  const origin = flow.state.origin
  useEffect(() => {
    if (origin !== null && origins.data && !origins.data.some((o) => o.id === origin)) {
      writeLastOrigin(null)
      dispatch({ type: 'originPicked', id: null })
    }
  }, [origin, origins.data, dispatch])

  const submit = () =>
    flow.run(async () => {
      const current = flow.current()
      if (!canSubmit(current)) return
      const { write: body, label, what, count, ids } = returnWrite(current)
      try {
        const result = await write.submit({
          write: body,
          label,
          replaces: current.replaces,
          draft: flow.draftKey,
        })
        // Another tap or Enter while this write was on its way: it is the same write.
        if (result === null) return
        const queued = result.status === 'queued'
        const waiting = result.status === 'sent' && result.response.status === 'waiting'
        dispatch({ type: 'sent', what, count, queued, waiting })
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error), ids })
      }
    })

  /** A tap: the event, then the focus back to the field that takes the next scan. */
  const tap = (event: ReturnEvent) => {
    dispatch(event)
    flow.refocus()
  }
  /** An order found by the shop search: as if its number had been scanned. */
  const pickOrder = (found: ReturnableOrder, shop: { slug: string; name: string }) =>
    tap(orderFound(found.name, previewOfReturnable(found, shop)))
  const pickOrigin = (id: number | null) => {
    writeLastOrigin(id)
    tap({ type: 'originPicked', id })
  }
  /** A refused return from the outbox, as the event that puts it back to correct ('Reprendre'). */
  const reopened = (id: number) => returnReopen(id, lookUps)()
  return { flow, origins, submit, busy: write.isPending, tap, pickOrigin, pickOrder, reopened }
}
