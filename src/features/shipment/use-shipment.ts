/**
 * The screen's wiring around its flow (useScanFlow): the calls and the printer handed to scan.ts
 * and send.ts, the station's verify setting, and the flush of what waited for the network: when
 * the screen opens (a reload gives back unanswered scans), when the browser says it is online,
 * and every 20 s while something waits. Every write runs in the flow's queue, behind the scans
 * made before it.
 */
import type { PrinterUse, PrintDocument } from '@contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useScanFlow } from '@/features/scanning'
import { isServerReachable, subscribeReachable } from '@/lib/network-status'
import { randomUuid } from '@/lib/random-id'
import {
  addTrackingNumber,
  monoBatchQuery,
  packMultiOrder,
  printMultiOrder,
  readTrackingNumber,
  setOrderAside,
  shipMonoUnit,
  shipmentOrderQuery,
} from './api.ts'
import { shipmentDraft } from './draft.ts'
import { shipmentModel } from './steps.ts'
import { reprint, shipmentScan } from './scan.ts'
import type { Flow, ShipmentDeps } from './deps.ts'
import { flush, retryFailure, sendMulti } from './send.ts'
import { setAsideOrder } from './set-aside.ts'
import { readVerifySetting, writeVerifySetting } from './settings.ts'

/** How the screen prints: the route hands usePrint() in (tests a fake). */
export type ShipmentPrint = (request: { document: PrintDocument; use: PrinterUse }) => Promise<void>

const FLUSH_MS = 20_000

export function useShipment(print: ShipmentPrint) {
  const client = useQueryClient()
  const deps = useMemo<ShipmentDeps>(
    () => ({
      batch: (name) => client.fetchQuery(monoBatchQuery(name)),
      order: (name) => client.fetchQuery(shipmentOrderQuery(name)),
      shipMono: shipMonoUnit,
      pack: packMultiOrder,
      printOrder: printMultiOrder,
      addLabel: addTrackingNumber,
      readLabel: readTrackingNumber,
      setAside: setOrderAside,
      newKey: () => randomUuid(),
      print: (document, use) => print({ document, use }),
    }),
    [client, print],
  )
  // The station's setting is the initial state: the draft never carries it.
  const [model] = useState(() => ({
    ...shipmentModel,
    initial: { ...shipmentModel.initial, verify: readVerifySetting() },
  }))
  const flow = useScanFlow({ model, onScan: shipmentScan(deps), draft: shipmentDraft })
  const { run, handle, dispatch } = flow
  /** A task in the flow's queue, behind the scans made before it, against the latest state. */
  const within = useCallback(
    (task: (flow: Flow, deps: ShipmentDeps) => Promise<unknown>) => void run(() => task(handle, deps)),
    [run, handle, deps],
  )

  const waiting =
    flow.state.mono?.pending.some((p) => p.waiting) || flow.state.multi?.sending?.waiting === true
  useEffect(() => {
    // Queued after the draft's restore (the queue's first task): what it gave back is sent again.
    within(flush)
    const online = () => within(flush)
    window.addEventListener('online', online)
    // And as soon as the server answers again (any call or the probe, lib/network-status.ts):
    // on a Wi-Fi without internet the browser never says 'online' (issue 31).
    const stopReachable = subscribeReachable(() => {
      if (isServerReachable()) online()
    })
    return () => {
      window.removeEventListener('online', online)
      stopReachable()
    }
  }, [within])
  useEffect(() => {
    if (!waiting) return
    const timer = window.setInterval(() => within(flush), FLUSH_MS)
    return () => window.clearInterval(timer)
  }, [waiting, within])

  return {
    flow,
    waiting,
    resend: () => within(flush),
    validate: () => {
      // Its keys are in the draft before the first send (the queue waits for the draft's save).
      dispatch({ type: 'validated', packKey: randomUuid(), printKey: randomUuid() })
      within(sendMulti)
    },
    retry: (order: string) => within((f, d) => retryFailure(f, d, order)),
    setAside: (order: string) => within((f, d) => setAsideOrder(f, d, order)),
    reprint: () => within(reprint),
    setVerify: (on: boolean) => {
      writeVerifySetting(on)
      dispatch({ type: 'verifySet', on })
    },
  }
}
