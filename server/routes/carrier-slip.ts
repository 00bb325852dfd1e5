/**
 * Carrier slips, 'Bordereau transport' (docs/specification.md §7.8): thin handlers over server/carrier-slips; the
 * manifest's link is signed here, for this request's host (routes/print.ts `issue`).
 */
import type { endpoints } from '../../contract/endpoints.ts'
import { closeAnswer } from '../carrier-slips/answer.ts'
import { closeSlip } from '../carrier-slips/close.ts'
import { listSlips } from '../carrier-slips/list.ts'
import type { Handler } from '../http/register.ts'
import { issue } from './print.ts'

type E = typeof endpoints

export const carrierSlipList: Handler<E['carrierSlipList']> = async ({ db, user }) => ({
  groups: await listSlips(db, user),
})

export const carrierSlipClose: Handler<E['carrierSlipClose']> = async (ctx) => {
  const { db, user, params, body, request, reply, deps } = ctx
  const closed = await closeSlip({ db, user, request }, params.carrierSlipGroup, body?.trackingNumbers)
  if (closed.replayed) reply.header('idempotent-replayed', 'true')
  return closeAnswer(db, closed.slipId, (spec, title) => issue(request, deps, spec, title))
}
