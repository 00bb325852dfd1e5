/**
 * Box and package routing (docs/specification.md §7.7): thin handlers, the rules are read and applied in
 * server/routing. Roles (Shipping or Barcode) are the contract's.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { routeBox, routePackage } from '../routing/route.ts'

type E = typeof endpoints

export const routingBox: Handler<E['routingBox']> = ({ db, user, params }) => routeBox(db, user, params.box)

export const routingPackage: Handler<E['routingPackage']> = ({ db, user, params }) =>
  routePackage(db, user, params.package)
