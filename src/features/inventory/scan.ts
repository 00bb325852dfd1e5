/**
 * What a scan does on the inventory screen, against the latest state: the location first (its
 * content looked up, so the worker sees what the system holds there; taken unverified when the
 * server cannot be reached), then products. A product is not looked up: the screen is
 * warehouse-wide (the product look-up is per shop), so any code `productCodesOf` accepts counts,
 * matched against the location's content, and the server resolves a surplus when the count is sent.
 */
import type { LocationStock } from '@contract'
import { loadReopened } from '@/features/outbox'
import {
  lookUp,
  lookUpLocation,
  productCodesOf,
  type FlowHandle,
  type ScanResult,
  type ScanVerdict,
} from '@/features/scanning'
import {
  activeField,
  countFor,
  expectedFor,
  expectedOf,
  type InventoryEvent,
  type InventoryState,
} from './model.ts'
import { text as t } from './text.ts'

export interface InventoryLookUps {
  location(name: string): Promise<LocationStock>
}

type Flow = FlowHandle<InventoryState, InventoryEvent>

export function inventoryScan(lookUps: InventoryLookUps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> =>
    activeField(flow.state()) === 'location' ? location(scan, flow, lookUps) : product(scan, flow)
}

async function location(scan: ScanResult, flow: Flow, lookUps: InventoryLookUps): Promise<ScanVerdict> {
  const found = await lookUpLocation(scan, lookUps.location)
  if (found.status === 'refused') {
    flow.dispatch({ type: 'locationRefused', message: found.message })
    return 'error'
  }
  if (found.status === 'unverified') {
    flow.dispatch({ type: 'locationScanned', name: found.name, content: null })
    return 'warning'
  }
  flow.dispatch({ type: 'locationScanned', name: found.value.name, content: expectedOf(found.value.stock) })
  return 'success'
}

/** Synchronous: no look-up, so the scan's feedback costs no promise. */
function product(scan: ScanResult, flow: Flow): ScanVerdict {
  const refused = (message: string) => {
    flow.dispatch({ type: 'productRefused', message })
    return 'error' as const
  }
  const here = flow.state().location ?? ''
  // The location's own label scanned again: not a product (it would be sent as an unknown code).
  if (scan.text.trim().toUpperCase() === here.toUpperCase()) return refused(t.sameLocation(here))
  const codes = productCodesOf(scan)
  if (!codes.ok) return refused(codes.message)
  flow.dispatch({ type: 'productScanned', code: codes.code, codes: [...codes.codes] })
  const state = flow.state()
  if (state.productError) return 'error'
  // Counted, but not in what the system holds here (a surplus, or its content unread): a warning tone.
  const count = countFor(state, codes.codes)
  return count && expectedFor(state, count) !== null ? 'success' : 'warning'
}

/** A refused count opened from the outbox (`?reopen=`), with its location's content read again. */
export async function reopenInventory(id: number, lookUps: InventoryLookUps): Promise<InventoryEvent | null> {
  const found = await loadReopened('inventory', id)
  if (!found) return null
  const { body } = found.write
  const content = await lookUp(() => lookUps.location(body.location))
  return {
    type: 'reopened',
    body,
    refusal: found.refusal,
    outboxId: found.outboxId,
    content: content.status === 'found' ? expectedOf(content.value.stock) : null,
  }
}
