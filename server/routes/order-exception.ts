/**
 * An order set aside in exception and taken up again (issue 13): the work is in
 * server/shipping/order-exception.ts; both answer the 'Colis' screen's view.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { resolveException, setAside } from '../shipping/order-exception.ts'

type E = typeof endpoints

export const orderException: Handler<E['orderException']> = ({ db, user, params, body }) =>
  setAside(db, user, params.order, body.reason)

export const orderExceptionResolve: Handler<E['orderExceptionResolve']> = ({ db, user, params }) =>
  resolveException(db, user, params.order)
