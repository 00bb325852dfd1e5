/**
 * The state of the 'Colis' screen (model.ts reduces it): the order shown with its parcels and
 * numbers, the open parcels being changed, the write under way and what came of the last one.
 */
import type { OrderPackaging, OrderTracking } from '@contract'
import type { FlowNoticeValue } from '@/features/scanning'
import type { Refusal } from '@/lib/refusal'
import type { EditParcel } from './edit.ts'

export type Action = 'save' | 'label' | 'reprint' | 'void' | 'manual' | 'resume' | 'refresh'
/** What the last write did, as every scan-first screen shows it (FlowNotice). */
export type Notice = FlowNoticeValue

export interface PackagingState {
  /** The order shown; null until one is found. */
  view: OrderTracking | null
  /** The code being looked up. */
  looking: string | null
  lookUpError: string | null
  /** The open parcels being changed; null: as the server has them. */
  edit: EditParcel[] | null
  nextKey: number
  /** A write under way, and the parcel it is for. */
  busy: { action: Action; seq: number | null } | null
  /** The last write's refusal (its field messages by path, 'parcels.1.weightGrams'). */
  refusal: Refusal | null
  /** The carrier refused a parcel's label: the parcel and the carrier's message. */
  carrierRefusal: { seq: number; message: string } | null
  /** The service asked for the labels (null: the carrier's default). */
  service: string | null
  notice: Notice | null
  /** The parcel a scanned tracking number named. */
  selected: number | null
  /** The parcel whose 'Saisir un numéro' form is open. */
  manualFor: number | null
  /** Given back from the device after a reload: to be read again from the server. */
  stale: boolean
}

export type PackagingEvent =
  | { type: 'lookUpStarted'; code: string }
  | { type: 'lookUpRefused'; message: string }
  | { type: 'loaded'; view: OrderTracking }
  | { type: 'selected'; seq: number }
  | { type: 'editStarted' }
  | { type: 'boxChanged'; key: string; boxType: string }
  | { type: 'weightChanged'; key: string; weightGrams: number | null }
  | { type: 'unitsChanged'; key: string; orderLine: number; quantity: number }
  | { type: 'parcelAdded' }
  | { type: 'parcelRemoved'; key: string }
  | { type: 'editCancelled' }
  | { type: 'started'; action: Action; seq: number | null }
  | { type: 'saved'; packaging: OrderPackaging }
  | { type: 'refused'; refusal: Refusal }
  | { type: 'carrierRefused'; seq: number; message: string }
  | { type: 'serviceChosen'; service: string }
  | { type: 'done'; view: OrderTracking; notice: Notice }
  | { type: 'noticed'; notice: Notice }
  | { type: 'manualOpened'; seq: number }
  | { type: 'manualClosed' }
  | { type: 'restored'; saved: SavedPackaging }

export const initialPackaging: PackagingState = {
  view: null,
  looking: null,
  lookUpError: null,
  edit: null,
  nextKey: 1,
  busy: null,
  refusal: null,
  carrierRefusal: null,
  service: null,
  notice: null,
  selected: null,
  manualFor: null,
  stale: false,
}

/** What is kept on the device (the flow's draft): the order shown and the edit in progress. */
export interface SavedPackaging {
  view: OrderTracking
  edit: EditParcel[] | null
  nextKey: number
}
