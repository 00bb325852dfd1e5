/**
 * What the screen shows of the model: the opened slip's parcels ticked or not, the pre-flight
 * before closing, which closes may be chosen, why 'Clôturer' is off, and the pickup's colour.
 * Pure, unit-tested in model.test.ts.
 */
import type { CarrierSlipGroup, CarrierSlipParcel, CarrierSlipPreflight } from '@contract'
import { groupOf, loadedOf, type CloseMode, type SlipState } from './model.ts'
import { text as t } from './text.ts'

export interface LoadView {
  group: CarrierSlipGroup
  rows: { parcel: CarrierSlipParcel; loaded: boolean }[]
  /** Ticked parcels the list does not show yet (labelled since, placed by routing). */
  extras: string[]
  loaded: number
  /** Parcels of the slip not scanned: they wait for the next slip on a close with the loaded ones. */
  unscanned: number
  /** Every parcel the slip shows, with the extras. */
  total: number
  /** Orders of this carrier not fully labelled: they would miss the pickup. */
  missing: CarrierSlipPreflight[]
}

export function loadView(state: SlipState): LoadView | null {
  const group = groupOf(state, state.open)
  if (group === null) return null
  const loaded = loadedOf(state, state.open)
  const rows = group.parcels.map((parcel) => ({ parcel, loaded: loaded.includes(parcel.trackingNumber) }))
  const extras = loaded.filter((c) => !group.parcels.some((p) => p.trackingNumber === c))
  const unscanned = rows.filter((r) => !r.loaded).length
  return {
    group,
    rows,
    extras,
    loaded: loaded.length,
    unscanned,
    total: rows.length + extras.length,
    missing: group.preflight,
  }
}

/** Why 'Clôturer' cannot be tapped now, or null. */
export function closeBlock(view: LoadView | null): string | null {
  if (view === null) return null
  // The server refuses it (issue 31): the close would move other shops' parcels to the next slip.
  if (view.group.otherShopsParcels > 0) return t.closeOthers
  return view.total === 0 ? t.closeEmpty : null
}

/**
 * What a user limited to some shops is told before scanning a slip that also holds other shops'
 * parcels, or null: they may neither load those nor close the slip (issue 31).
 */
export const otherShopsWarning = (group: CarrierSlipGroup): string | null =>
  group.otherShopsParcels > 0 ? t.otherShops(group.otherShopsParcels) : null

/**
 * The closes the worker may choose, with their parcel counts: with the parcels loaded (some were
 * scanned) and with all (some were not; the only one when nothing was scanned).
 */
export function closeChoices(view: LoadView): { mode: CloseMode; count: number }[] {
  const choices: { mode: CloseMode; count: number }[] = []
  if (view.loaded > 0) choices.push({ mode: 'loaded', count: view.loaded })
  if (view.unscanned > 0 || view.loaded === 0) choices.push({ mode: 'all', count: view.total })
  return choices
}

export type PickupTone = 'ok' | 'soon' | 'late'
/** The pickup's colour: orange under 30 minutes, red once past. */
export const SOON_MINUTES = 30
export const pickupTone = (minutes: number): PickupTone =>
  minutes < 0 ? 'late' : minutes < SOON_MINUTES ? 'soon' : 'ok'
