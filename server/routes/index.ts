/**
 * The handler of every contract endpoint: each route module's handlers, exported under their
 * endpoint's name. handlerTable makes a missing handler, or one named like no endpoint, a type error.
 */
import { endpoints } from '../../contract/endpoints.ts'
import { handlerTable } from '../http/register.ts'
import * as admin from './admin.ts'
import * as adminShopKeys from './admin-shop-keys.ts'
import * as adminWebhooks from './admin-webhooks.ts'
import * as carrierSlip from './carrier-slip.ts'
import * as computers from './computers.ts'
import * as documentRelink from './document-relink.ts'
import * as locations from './locations.ts'
import * as orderException from './order-exception.ts'
import * as orderInformation from './order-information.ts'
import * as orderPackaging from './order-packaging.ts'
import * as orderTracking from './order-tracking.ts'
import * as pickingPrint from './picking-print.ts'
import * as platforms from './platforms.ts'
import * as pickingSession from './picking-session.ts'
import * as pickingTotes from './picking-totes.ts'
import * as print from './print.ts'
import * as qz from './qz.ts'
import * as receptions from './receptions.ts'
import * as returns from './returns.ts'
import * as routing from './routing.ts'
import * as search from './search.ts'
import * as shipment from './shipment.ts'
import * as shopApi from './shop-api.ts'
import * as statistics from './statistics.ts'
import * as stockInfo from './stock-info.ts'
import * as stockInfoInventory from './stock-info-inventory.ts'
import * as stockRebut from './stock-rebut.ts'
import * as stockReception from './stock-reception.ts'
import * as stockTransfer from './stock-transfer.ts'
import * as user from './user.ts'
import * as webhooks from './webhooks.ts'

export const handlers = handlerTable(endpoints, {
  ...admin,
  ...adminShopKeys,
  ...adminWebhooks,
  ...carrierSlip,
  ...computers,
  ...documentRelink,
  ...locations,
  ...orderException,
  ...orderInformation,
  ...orderPackaging,
  ...orderTracking,
  ...pickingPrint,
  ...platforms,
  ...pickingSession,
  ...pickingTotes,
  ...print,
  ...qz,
  ...receptions,
  ...returns,
  ...routing,
  ...search,
  ...shipment,
  ...shopApi,
  ...statistics,
  ...stockInfo,
  ...stockInfoInventory,
  ...stockRebut,
  ...stockReception,
  ...stockTransfer,
  ...user,
  // docs/specification.md §7.2 lists the legacy path too; same behaviour.
  legacyUpdateUserIp: user.reportUserIp,
  // docs/specification.md §7.5 keeps the legacy path of the scrap reasons; same answer.
  legacyRebutReasonList: stockRebut.rebutReasonList,
  ...webhooks,
})

export { endpoints }
