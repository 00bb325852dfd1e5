/**
 * The 'Colis' screen's wiring around its flow (useScanFlow): the look-ups of a scan, and each
 * write (save the parcels, label, reprint, void, record a number, take an order out of exception)
 * run in the flow's queue, so a
 * scan made meanwhile waits for it and a second tap finds the first one's result. A label is
 * printed on the station's label printer as soon as the carrier answers; a print that fails
 * leaves the label issued and says so ('Réimprimer' prints it again).
 */
import type { PrintDocument } from '@contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useScanFlow } from '@/features/scanning'
import { refusalOf } from '@/lib/refusal'
import {
  isCarrierRefusal,
  issueLabel,
  orderOfCode,
  orderParcelsQuery,
  readLabel,
  recordNumber,
  resolveException,
  saveParcels,
  voidLabel,
} from './api.ts'
import { packagingDraft } from './draft.ts'
import { type Action, editProblem, packagingBody, packagingModel, type PackagingState } from './model.ts'
import { packagingScan, type PackagingLookUps } from './scan.ts'
import { text as t } from './text.ts'

export type Print = (document: PrintDocument) => Promise<void>

const printError = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function usePackaging(print: Print) {
  const client = useQueryClient()
  const lookUps: PackagingLookUps = {
    order: (name) => client.fetchQuery(orderParcelsQuery(name)),
    orderOf: orderOfCode,
  }
  const flow = useScanFlow({ model: packagingModel, onScan: packagingScan(lookUps), draft: packagingDraft })
  const { run, dispatch, current } = flow
  // The scan field's own focus signal: useScanFlow's is rebuilt from its store on every change,
  // which drops a `refocus()` made before and moves its signal back, so the scan field would take
  // the focus from the weight or the number being typed. This one only moves on a tap.
  const [focus, setFocus] = useState(0)
  const step = { scan: flow.scan, pending: flow.pending, focusSignal: focus }
  const refocus = () => setFocus((n) => n + 1)
  const order = (name: string) => client.fetchQuery(orderParcelsQuery(name))

  /** A write for the order shown, once at a time; its refusal is shown, never thrown. */
  const write = (
    action: Action,
    seq: number | null,
    task: (order: string, state: PackagingState) => Promise<void>,
  ) =>
    void run(async () => {
      const state = current()
      if (!state.view || state.busy) return
      dispatch({ type: 'started', action, seq })
      try {
        await task(state.view.order.name, state)
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error) })
      }
    })
  const numberOf = (state: PackagingState, seq: number) =>
    state.view?.parcels.find((p) => p.seq === seq)?.tracking?.number ?? ''

  // Given back from the device: read again (another station may have labelled meanwhile).
  const stale = flow.state.stale
  const shown = flow.state.view?.order.name
  useEffect(() => {
    if (!stale || shown === undefined) return
    void run(async () => {
      dispatch({ type: 'started', action: 'refresh', seq: null })
      try {
        dispatch({ type: 'loaded', view: await client.fetchQuery(orderParcelsQuery(shown)) })
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error) })
      }
    })
  }, [stale, shown, run, dispatch, client])

  const actions = {
    save: () => {
      const problem = editProblem(current().edit ?? [])
      if (problem) return dispatch({ type: 'refused', refusal: { message: problem, fields: {} } })
      write('save', null, async (name, state) => {
        dispatch({ type: 'saved', packaging: await saveParcels(name, packagingBody(state.edit ?? [])) })
      })
    },
    label: (seq: number) =>
      write('label', seq, async (name, state) => {
        let label
        try {
          label = await issueLabel(name, seq, state.service)
        } catch (error) {
          if (!isCarrierRefusal(error)) throw error
          return dispatch({ type: 'carrierRefused', seq, message: error.message })
        }
        const printed = await print(label.label).then(
          () => null,
          (error: unknown) => printError(error),
        )
        const notice =
          printed === null
            ? { tone: 'success' as const, text: t.labelled(label.trackingNumber) }
            : { tone: 'error' as const, text: t.printFailed(label.trackingNumber, printed) }
        dispatch({ type: 'done', view: await order(name), notice })
      }),
    reprint: (seq: number) =>
      write('reprint', seq, async (name, state) => {
        const label = await readLabel(name, numberOf(state, seq))
        const notice = await print(label.label).then(
          () => ({ tone: 'success' as const, text: t.reprinted(label.trackingNumber) }),
          (error: unknown) => ({
            tone: 'error' as const,
            text: t.printFailed(label.trackingNumber, printError(error)),
          }),
        )
        dispatch({ type: 'noticed', notice })
      }),
    void: (seq: number) =>
      write('void', seq, async (name, state) => {
        const number = numberOf(state, seq)
        dispatch({
          type: 'done',
          view: await voidLabel(name, number),
          notice: { tone: 'success', text: t.voided(number) },
        })
      }),
    manual: (seq: number, typed: string) =>
      write('manual', seq, async (name) => {
        const view = await recordNumber(name, seq, typed)
        const number = view.parcels.find((p) => p.seq === seq)?.tracking?.number ?? typed
        dispatch({ type: 'done', view, notice: { tone: 'success', text: t.manualRecorded(number) } })
      }),
    resume: () =>
      write('resume', null, async (name) => {
        const view = await resolveException(name)
        dispatch({ type: 'done', view, notice: { tone: 'success', text: t.resumed(name) } })
      }),
  }
  return { flow: { ...flow, refocus }, step, actions }
}

export type PackagingActions = ReturnType<typeof usePackaging>['actions']
