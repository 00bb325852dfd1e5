/**
 * What a scan does on the 'Colis' screen, against the latest state (flow.state()):
 * - a tracking number of the order shown shows its parcel (reading a number back);
 * - anything else is looked up: an order's name first, then, if no order has that name, a
 *   tracking number through the routing answer; a tote (CAISSE-…) goes to routing at once;
 * - while the open parcels are being changed, another order is refused (the edit would be lost).
 * No offline mode: the parcels and their labels are the server's, a look-up that cannot reach it
 * says so. Unit-tested with fake look-ups (scan.test.ts).
 */
import { isToteCode, type OrderTracking } from '@contract'
import type { FlowHandle, ScanResult, ScanVerdict } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import type { PackagingEvent, PackagingState } from './model.ts'
import { text as t } from './text.ts'

export interface PackagingLookUps {
  /** An order's parcels by its name (404: no such order). */
  order(name: string): Promise<OrderTracking>
  /** The order a tracking number or a tote belongs to, or null. */
  orderOf(code: string): Promise<string | null>
}

type Flow = FlowHandle<PackagingState, PackagingEvent>

/** Spaces and case do not matter in a number read off a label (the server compares them so). */
export const sameCode = (a: string, b: string) =>
  a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase()

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : messages.errors.unexpectedAnswer
const notFound = (error: unknown) => error instanceof ApiError && error.status === 404

export function packagingScan(lookUps: PackagingLookUps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    const code = scan.text.trim()
    const { view, edit } = flow.state()
    const parcel = view?.parcels.find((p) => p.tracking && sameCode(p.tracking.number, code))
    if (parcel) {
      flow.dispatch({ type: 'selected', seq: parcel.seq })
      return 'success'
    }
    if (edit && view && !sameCode(view.order.name, code)) {
      flow.dispatch({ type: 'lookUpRefused', message: t.saveFirst })
      return 'error'
    }
    return lookUpOrder(code, flow, lookUps)
  }
}

/** Shows the order `code` names (its name, a tracking number or a tote), or says why not. */
export async function lookUpOrder(code: string, flow: Flow, lookUps: PackagingLookUps): Promise<ScanVerdict> {
  const refused = (message: string): ScanVerdict => {
    flow.dispatch({ type: 'lookUpRefused', message })
    return 'error'
  }
  flow.dispatch({ type: 'lookUpStarted', code })
  // A tote's code (CAISSE-000042) is never an order's name: straight to routing.
  if (!isToteCode(code)) {
    try {
      flow.dispatch({ type: 'loaded', view: await lookUps.order(code) })
      return 'success'
    } catch (error) {
      if (!notFound(error)) return refused(errorText(error))
    }
  }
  try {
    const name = await lookUps.orderOf(code)
    if (name === null) return refused(t.unknownCode(code))
    flow.dispatch({ type: 'loaded', view: await lookUps.order(name) })
    return 'success'
  } catch (error) {
    return refused(notFound(error) ? t.unknownCode(code) : errorText(error))
  }
}
