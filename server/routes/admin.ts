/** The admin area's calls (issue 16): thin handlers over server/admin/; the contract checks the admin flag. */
import type { endpoints } from '../../contract/endpoints.ts'
import { signToken } from '../auth/jwt.ts'
import { readAudit } from '../admin/audit.ts'
import { createBoxType, listBoxTypes, updateBoxType } from '../admin/box-types.ts'
import { createCarrier, listCarriers, updateCarrier } from '../admin/carriers.ts'
import { createComputer, deleteComputer, listComputers, updateComputer } from '../admin/computers.ts'
import { readList, saveList } from '../admin/lists.ts'
import { createLocations, listLocations } from '../admin/locations.ts'
import { createFirstAdmin, needsFirstAdmin } from '../admin/setup.ts'
import { importProducts } from '../admin/products-import.ts'
import { createShop, listShops, updateShop } from '../admin/shops.ts'
import { closeSessions, createUser, listUsers, setPassword, updateUser } from '../admin/users.ts'
import type { Handler } from '../http/register.ts'

type E = typeof endpoints

export const setupStatus: Handler<E['setupStatus']> = async ({ db }) => ({
  needsFirstAdmin: await needsFirstAdmin(db),
})

export const setupFirstAdmin: Handler<E['setupFirstAdmin']> = async ({ db, deps, body }) => {
  const user = await createFirstAdmin(db, body)
  return { token: await signToken(deps.jwtKey, user) }
}

export const adminUserList: Handler<E['adminUserList']> = ({ db }) => listUsers(db)
export const adminUserCreate: Handler<E['adminUserCreate']> = ({ db, user, body }) =>
  createUser(db, user, body)
export const adminUserUpdate: Handler<E['adminUserUpdate']> = ({ db, user, params, body }) =>
  updateUser(db, user, params.id, body)
export const adminUserPassword: Handler<E['adminUserPassword']> = ({ db, user, params, body }) =>
  setPassword(db, user, params.id, body.password)
export const adminUserSessionsClose: Handler<E['adminUserSessionsClose']> = ({ db, user, params }) =>
  closeSessions(db, user, params.id)

export const adminShopList: Handler<E['adminShopList']> = ({ db }) => listShops(db)
export const adminShopCreate: Handler<E['adminShopCreate']> = ({ db, user, body }) =>
  createShop(db, user, body)
export const adminShopUpdate: Handler<E['adminShopUpdate']> = ({ db, user, params, body }) =>
  updateShop(db, user, params.id, body)
export const adminProductImport: Handler<E['adminProductImport']> = ({ db, user, params, body }) =>
  importProducts(db, user, params.id, body)
export const adminAudit: Handler<E['adminAudit']> = ({ db, query }) => readAudit(db, query)

export const adminComputerList: Handler<E['adminComputerList']> = ({ db }) => listComputers(db)
export const adminComputerCreate: Handler<E['adminComputerCreate']> = ({ db, user, body }) =>
  createComputer(db, user, body)
export const adminComputerUpdate: Handler<E['adminComputerUpdate']> = ({ db, user, params, body }) =>
  updateComputer(db, user, params.id, body)
export const adminComputerDelete: Handler<E['adminComputerDelete']> = ({ db, user, params }) =>
  deleteComputer(db, user, params.id)

export const adminCarrierList: Handler<E['adminCarrierList']> = ({ db }) => listCarriers(db)
export const adminCarrierCreate: Handler<E['adminCarrierCreate']> = ({ db, user, body }) =>
  createCarrier(db, user, body)
export const adminCarrierUpdate: Handler<E['adminCarrierUpdate']> = ({ db, user, params, body }) =>
  updateCarrier(db, user, params.id, body)

export const adminBoxTypeList: Handler<E['adminBoxTypeList']> = ({ db }) => listBoxTypes(db)
export const adminBoxTypeCreate: Handler<E['adminBoxTypeCreate']> = ({ db, user, body }) =>
  createBoxType(db, user, body)
export const adminBoxTypeUpdate: Handler<E['adminBoxTypeUpdate']> = ({ db, user, params, body }) =>
  updateBoxType(db, user, params.id, body)

export const adminListGet: Handler<E['adminListGet']> = ({ db, params }) => readList(db, params.list)
export const adminListPut: Handler<E['adminListPut']> = ({ db, user, params, body }) =>
  saveList(db, user, params.list, body.items)

export const adminLocationList: Handler<E['adminLocationList']> = ({ db }) => listLocations(db)
export const adminLocationCreate: Handler<E['adminLocationCreate']> = ({ db, user, body }) =>
  createLocations(db, user, body)
