/**
 * 'Mettre de côté' on a carrier's refusal, run in the flow's queue: the server sets the order
 * aside in exception with the carrier's message as its reason (the status history keeps it), then
 * its card leaves the station's work and the open batch is read again (its unit now set aside). Refused or unanswered, the card stays as it was, with what
 * went wrong said: nothing is lost, the packer taps again.
 */
import { failedText, type Flow, type ShipmentDeps } from './deps.ts'
import { refreshBatch } from './send.ts'
import { text as t } from './text.ts'

/** At most the contract's 200 characters: a carrier's message is never cut short by much. */
const REASON_MAX = 200

export async function setAsideOrder(flow: Flow, deps: ShipmentDeps, order: string): Promise<void> {
  const failure = flow.state().failures.find((f) => f.order === order)
  if (!failure || failure.busy) return
  flow.dispatch({ type: 'failureBusy', order })
  try {
    await deps.setAside(order, failure.message.slice(0, REASON_MAX))
    flow.dispatch({ type: 'setAside', order })
  } catch (error) {
    flow.dispatch({ type: 'setAsideFailed', order, message: failedText(error, t.setAsideOffline) })
    return
  }
  // Its unit leaves the batch's count for 'mis de côté': the server's counts say so (issue 31).
  await refreshBatch(flow, deps)
}
