/**
 * The 'Colis' screen as a pure model (the scan-flow pattern, docs/scan-screen.md): look an order up by a scan,
 * see its parcels with their numbers, change the open ones (edit.ts) and save them as a whole,
 * then label, reprint, void or record a number made elsewhere. Named events, `reducePackaging`,
 * and selectors for the active field and what each parcel allows. Unit-tested in model.test.ts;
 * scan.ts says what a scan does, use-packaging.ts runs the writes, the components only wire them.
 */
import type { OrderPackaging, OrderTracking, TrackedParcel } from '@contract'
import { defaultBox, editOf, type EditParcel, withUnits } from './edit.ts'
import {
  initialPackaging,
  type Action,
  type PackagingEvent,
  type PackagingState,
  type SavedPackaging,
} from './state.ts'
import { text as t } from './text.ts'

export * from './edit.ts'
export * from './state.ts'

/** One parcel of the edit changed; the last refusal no longer applies. */
function editParcel(
  state: PackagingState,
  key: string,
  change: (p: EditParcel) => EditParcel,
): PackagingState {
  if (!state.edit) return state
  return {
    ...state,
    edit: state.edit.map((p) => (p.key === key ? change(p) : p)),
    refusal: null,
    notice: null,
  }
}

/**
 * The PUT's answer lacks the numbers and services: labelled parcels are untouched by it, so theirs
 * are the view's; an open parcel has none.
 */
export function mergePackaging(view: OrderTracking, packaging: OrderPackaging): OrderTracking {
  return {
    ...packaging,
    services: view.services,
    parcels: packaging.parcels.map((p) => ({
      ...p,
      tracking: p.status === 'open' ? null : (view.parcels.find((x) => x.seq === p.seq)?.tracking ?? null),
    })),
  }
}

const settled = (state: PackagingState): PackagingState => ({ ...state, busy: null, stale: false })

export function reducePackaging(state: PackagingState, event: PackagingEvent): PackagingState {
  switch (event.type) {
    case 'lookUpStarted':
      return { ...state, looking: event.code, lookUpError: null, notice: null }
    case 'lookUpRefused':
      return { ...state, looking: null, lookUpError: event.message }
    case 'loaded': {
      // The same order read again keeps its edit; another one starts afresh.
      const same = state.view?.order.name === event.view.order.name
      return {
        ...(same ? state : { ...initialPackaging, nextKey: state.nextKey }),
        view: event.view,
        looking: null,
        lookUpError: null,
        busy: null,
        stale: false,
      }
    }
    case 'selected':
      return {
        ...state,
        selected: event.seq,
        lookUpError: null,
        notice: { tone: 'success', text: t.selected(event.seq) },
      }
    case 'editStarted':
      return state.view && !state.edit
        ? { ...state, edit: editOf(state.view), refusal: null, manualFor: null }
        : state
    case 'boxChanged':
      return editParcel(state, event.key, (p) => ({ ...p, boxType: event.boxType }))
    case 'weightChanged':
      return editParcel(state, event.key, (p) => ({ ...p, weightGrams: event.weightGrams }))
    case 'unitsChanged':
      return editParcel(state, event.key, (p) => withUnits(p, event.orderLine, event.quantity))
    case 'parcelAdded': {
      if (!state.view || !state.edit) return state
      const parcel: EditParcel = {
        key: `N${state.nextKey}`,
        seq: null,
        boxType: defaultBox(state.view, state.edit),
        weightGrams: null,
        lines: [],
      }
      return { ...state, edit: [...state.edit, parcel], nextKey: state.nextKey + 1, refusal: null }
    }
    case 'parcelRemoved':
      return state.edit
        ? { ...state, edit: state.edit.filter((p) => p.key !== event.key), refusal: null }
        : state
    case 'editCancelled':
      return { ...state, edit: null, refusal: null }
    case 'started':
      return {
        ...state,
        busy: { action: event.action, seq: event.seq },
        refusal: null,
        notice: null,
        carrierRefusal: null,
      }
    case 'saved':
      if (!state.view) return settled(state)
      return {
        ...settled(state),
        view: mergePackaging(state.view, event.packaging),
        edit: null,
        notice: { tone: 'success', text: t.saved },
      }
    case 'refused':
      return { ...settled(state), refusal: event.refusal }
    case 'carrierRefused':
      return { ...settled(state), carrierRefusal: { seq: event.seq, message: event.message } }
    case 'serviceChosen':
      return { ...state, service: event.service }
    case 'done':
      return { ...settled(state), view: event.view, notice: event.notice, manualFor: null }
    case 'noticed':
      return { ...settled(state), notice: event.notice }
    case 'manualOpened':
      return { ...state, manualFor: event.seq, refusal: null, carrierRefusal: null }
    case 'manualClosed':
      return { ...state, manualFor: null, refusal: null }
    case 'restored':
      return {
        ...state,
        view: event.saved.view,
        edit: event.saved.edit,
        nextKey: event.saved.nextKey,
        stale: true,
      }
  }
}

/** The field that takes the next scan: the order's, then one for another order or a number. */
export const activeField = (state: PackagingState): 'order' | 'next' => (state.view ? 'next' : 'order')

/** The order's parcels may change (the PUT takes a picked or packed order). */
export const canEdit = (state: PackagingState) =>
  state.view !== null && (state.view.order.status === 'picked' || state.view.order.status === 'packed')

/**
 * 'Reprendre' is offered: the order is in exception and nothing else is under way. Not for a short
 * pick: a supervisor decides it in 'Information commande' (issue 31).
 */
export const canResume = (state: PackagingState) =>
  state.view?.order.status === 'exception' &&
  state.view.hold?.kind !== 'short_pick' &&
  state.busy === null &&
  state.edit === null

/** What one parcel offers now (nothing while a write is under way or the parcels are being changed). */
export function parcelActions(state: PackagingState, parcel: TrackedParcel) {
  const idle = state.busy === null && state.edit === null
  const status = state.view?.order.status
  const labellable = status === 'packed' || status === 'labelled'
  const open = parcel.status === 'open'
  const labelled = parcel.status === 'labelled' && parcel.tracking !== null
  return {
    label: idle && open && labellable,
    manual: idle && open && labellable,
    // Typed in from another system: its label is that system's (a shop's bought label prints from here).
    reprint: idle && labelled && parcel.tracking?.source !== 'manual',
    void: idle && labelled,
  }
}

/**
 * Whether a write still applies when its turn comes in the flow's queue: a second tap queued
 * behind the first finds the first one's result and does nothing (a second 'Enregistrer les colis'
 * would send no parcel, which unpacks the order; a second 'Étiqueter' would print the label again).
 */
export function writeApplies(state: PackagingState, action: Action, seq: number | null): boolean {
  if (!state.view || state.busy) return false
  if (action === 'save') return state.edit !== null
  if (action === 'resume') return canResume(state)
  if (action === 'refresh') return state.stale
  const parcel = state.view.parcels.find((p) => p.seq === seq)
  return parcel !== undefined && parcelActions(state, parcel)[action]
}

export function savePackaging(state: PackagingState): SavedPackaging | null {
  return state.view ? { view: state.view, edit: state.edit, nextKey: state.nextKey } : null
}

/** The flow of the screen (useScanFlow's model). */
export const packagingModel = { initial: initialPackaging, reduce: reducePackaging, activeField }
