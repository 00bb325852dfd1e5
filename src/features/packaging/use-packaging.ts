/**
 * The 'Colis' screen's wiring around its flow (useScanFlow): the look-ups of a scan, and each
 * write (save the parcels, label, reprint, void, record a number, take an order out of exception)
 * run in the flow's queue, so a scan made meanwhile waits for it and a second tap finds the first
 * one's result (model.ts writeApplies). A label is printed on the station's label printer as soon
 * as the carrier answers; a print that fails leaves the label issued and says so ('Réimprimer'
 * prints it again).
 */
import type { PrintDocument } from '@contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
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
import {
  type Action,
  editProblem,
  packagingBody,
  packagingModel,
  type PackagingEvent,
  type PackagingState,
  writeApplies,
} from './model.ts'
import { packagingScan, type PackagingLookUps } from './scan.ts'
import { text as t } from './text.ts'

export type Print = (document: PrintDocument) => Promise<void>

const printError = (error: unknown) => (error instanceof Error ? error.message : String(error))

interface Flow {
  run(task: () => Promise<void>): Promise<void>
  current(): PackagingState
  dispatch(event: PackagingEvent): void
}
type Task = (order: string, state: PackagingState) => Promise<void>

/** A write for the order shown, in the flow's queue, if it still applies; its refusal is shown, never thrown. */
const writeIn =
  ({ run, current, dispatch }: Flow) =>
  (action: Action, seq: number | null, task: Task) =>
    void run(async () => {
      const state = current()
      if (!state.view || !writeApplies(state, action, seq)) return
      dispatch({ type: 'started', action, seq })
      try {
        await task(state.view.order.name, state)
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error) })
      }
    })

export function usePackaging(print: Print) {
  const client = useQueryClient()
  const lookUps = useMemo<PackagingLookUps>(
    () => ({ order: (name) => client.fetchQuery(orderParcelsQuery(name)), orderOf: orderOfCode }),
    [client],
  )
  const flow = useScanFlow({ model: packagingModel, onScan: packagingScan(lookUps), draft: packagingDraft })
  const { run, dispatch, current } = flow
  const write = useMemo(() => writeIn({ run, current, dispatch }), [run, current, dispatch])
  const numberOf = (state: PackagingState, seq: number) =>
    state.view?.parcels.find((p) => p.seq === seq)?.tracking?.number ?? ''

  // Given back from the device: read again (another station may have labelled meanwhile).
  const stale = flow.state.stale
  const shown = flow.state.view?.order.name
  useEffect(() => {
    if (!stale || shown === undefined) return
    write('refresh', null, async (name) => dispatch({ type: 'loaded', view: await lookUps.order(name) }))
  }, [stale, shown, write, dispatch, lookUps])

  const actions = {
    save: () => {
      // Said at once, before the queue: nothing is sent.
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
        dispatch({ type: 'done', view: await lookUps.order(name), notice })
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
  return { flow, actions }
}

export type PackagingActions = ReturnType<typeof usePackaging>['actions']
