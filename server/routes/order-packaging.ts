/**
 * Parcels (docs/specification.md §7.9 `PUT /rest/order/{order}/packaging`): the work is in server/shipping
 * (packaging-save.ts); the PUT is idempotent by what it states, so it needs no Idempotency-Key.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { savePackaging } from '../shipping/packaging-save.ts'

type E = typeof endpoints

export const orderPackaging: Handler<E['orderPackaging']> = ({ db, user, params, body }) =>
  savePackaging(db, user, params.order, body.parcels)
