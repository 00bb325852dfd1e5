/**
 * Tracking numbers (issue 13): the work is in server/shipping (tracking-issue.ts issues, and
 * tracking-label.ts reads and answers; tracking-parcels.ts lists, tracking-void.ts voids and
 * tracking-manual.ts records a number typed in); the label links are signed here, for this
 * request's host (`signer`, which routes/shipment.ts uses too).
 */
import type { FastifyRequest } from 'fastify'
import type { endpoints } from '../../contract/endpoints.ts'
import { ERROR_CODES } from '../../contract/index.ts'
import { normalizeTrackingNumber } from '../carriers/numbers.ts'
import type { AppDeps, Handler } from '../http/register.ts'
import { PACKAGING_MESSAGES } from '../shipping/packaging-messages.ts'
import { loadPackOrder, loadPackState } from '../shipping/packaging-state.ts'
import { issueLabel } from '../shipping/tracking-issue.ts'
import { type IssueDocument, labelView, loadLabel } from '../shipping/tracking-label.ts'
import { recordManualNumber } from '../shipping/tracking-manual.ts'
import { MANUAL_MESSAGES, TRACKING_MESSAGES as M } from '../shipping/tracking-messages.ts'
import { trackingView } from '../shipping/tracking-parcels.ts'
import { voidLabel } from '../shipping/tracking-void.ts'
import { refusal, stockNotFound } from '../kernel/errors.ts'
import { issue } from './print.ts'

type E = typeof endpoints

/** Signs label links for this request's host (the shipment scans answer labels too). */
export const signer =
  (request: FastifyRequest, deps: AppDeps): IssueDocument =>
  (spec, title, format) =>
    issue(request, deps, spec, title, format)

export const trackingNumberAdd: Handler<E['trackingNumberAdd']> = async ({
  db,
  user,
  params,
  query,
  request,
  deps,
}) => {
  const id = await issueLabel(db, user, params.order, query)
  const row = await loadLabel(db, { id })
  // Just written or read in the transaction: gone only if the order was deleted in between.
  if (!row) throw stockNotFound(PACKAGING_MESSAGES.unknownOrder(params.order))
  return labelView(row, signer(request, deps))
}

export const trackingNumberRead: Handler<E['trackingNumberRead']> = async ({
  db,
  user,
  params,
  request,
  deps,
}) => {
  const order = await loadPackOrder(db, user, params.order)
  const number = normalizeTrackingNumber(params.trackingNumber)
  const row = await loadLabel(db, { orderId: order.id, number })
  if (!row) throw stockNotFound(M.unknownNumber(number, order.name))
  if (row.status !== 'active') throw refusal(409, ERROR_CODES.conflict, M.voided(number))
  // Typed in from another system: its label is that system's, never drawn here (tracking-manual.ts).
  if (row.source === 'manual') throw refusal(409, ERROR_CODES.conflict, MANUAL_MESSAGES.noLabel(number))
  return labelView(row, signer(request, deps))
}

export const trackingNumberList: Handler<E['trackingNumberList']> = async ({ db, user, params }) =>
  trackingView(db, await loadPackState(db, user, params.order))

export const trackingNumberVoid: Handler<E['trackingNumberVoid']> = ({ db, user, params }) =>
  voidLabel(db, user, params.order, params.trackingNumber)

export const trackingNumberManual: Handler<E['trackingNumberManual']> = ({ db, user, params, body }) =>
  recordManualNumber(db, user, params.order, body)
