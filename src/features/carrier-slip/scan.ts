/**
 * What a scan does on the 'Bordereau transport' screen, against the latest state (flow.state()):
 * a tracking number the list places (a parcel of the opened slip, or with no slip open the slip
 * that shows it) is ticked at once, without a server call; anything else is asked of the routing
 * (GET /rest/boa/routing/package/{package}): a parcel of this slip labelled since the list is
 * ticked, one of another slip is refused with where it goes, an unknown or voided one with the
 * routing's reason. Unit-tested with a fake routing (scan.test.ts).
 */
import type { RoutingAnswer } from '@contract'
import type { FlowHandle, ScanResult, ScanVerdict } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { localGroup, normalise, type SlipEvent, type SlipState } from './model.ts'
import { text as t } from './text.ts'

type Flow = FlowHandle<SlipState, SlipEvent>

export interface SlipDeps {
  route(trackingNumber: string): Promise<RoutingAnswer>
}

/** The scan's tone: what the model's notice says of it. */
const verdict = (flow: Flow): ScanVerdict => flow.state().notice?.tone ?? 'error'

export function slipScan(deps: SlipDeps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    const state = flow.state()
    const code = normalise(scan.text)
    if (code === '') return 'error'
    if (state.closing) {
      // Unanswered, the close waits for 'Réessayer la clôture' (same key) or to be given up.
      const message = state.closing.failed ? t.closeUnconfirmed : t.closingBusy
      flow.dispatch({ type: 'scanRefused', message })
      return 'error'
    }
    if (localGroup(state, code) !== null) {
      flow.dispatch({ type: 'scanned', code })
      return verdict(flow)
    }
    return routed(code, flow, deps)
  }
}

async function routed(code: string, flow: Flow, deps: SlipDeps): Promise<ScanVerdict> {
  try {
    flow.dispatch({ type: 'routed', code, answer: await deps.route(code) })
  } catch (error) {
    // The server's refusal (another shop's parcel) as it says it; no answer: the scan is not ticked.
    const message = error instanceof ApiError && !error.isRetryable ? error.message : t.offlineScan(code)
    flow.dispatch({ type: 'scanRefused', message })
  }
  return verdict(flow)
}
