/** The handler of every contract endpoint; HandlerTable makes a missing one a type error. */
import { endpoints } from '../../contract/endpoints.ts'
import type { HandlerTable } from '../http/register.ts'
import { computerCheck, computerExists, printerList, qzComputer } from './computers.ts'
import { locationFindPrefix } from './locations.ts'
import { boxLabels, locationLabels, productLabels } from './print.ts'
import {
  pickingCampaignList,
  pickingCommandsSheet,
  pickingOrderCount,
  pickingPrint,
  pickingPrintCampaign,
  pickingReprint,
} from './picking-print.ts'
import {
  pickingSessionClose,
  pickingSessionCreate,
  pickingSessionPick,
  pickingSessionResume,
} from './picking-session.ts'
import { pickingTotesKnown } from './picking-totes.ts'
import { orderPackaging } from './order-packaging.ts'
import {
  shipmentMonoBatch,
  shipmentOrder,
  shipmentOrderMono,
  shipmentOrderMulti,
  shipmentOrderMultiPrint,
} from './shipment.ts'
import {
  trackingNumberAdd,
  trackingNumberList,
  trackingNumberManual,
  trackingNumberRead,
  trackingNumberVoid,
} from './order-tracking.ts'
import { orderException, orderExceptionResolve } from './order-exception.ts'
import {
  orderCustomizationFiles,
  orderDetail,
  orderInformation,
  orderShortPickDecision,
  orderShortPickList,
} from './order-information.ts'
import { routingBox, routingPackage } from './routing.ts'
import { carrierSlipClose, carrierSlipList } from './carrier-slip.ts'
import { qzCertificate, qzSign } from './qz.ts'
import { documentRelink } from './document-relink.ts'
import {
  locationInformation,
  locationStock,
  productInfo,
  productInfoInventory,
  productQuantity,
  productSearch,
  shopLocationStock,
} from './stock-info.ts'
import { inventoryCount } from './stock-info-inventory.ts'
import { rebutAdd, rebutReasonList } from './stock-rebut.ts'
import { globalLookup } from './search.ts'
import { statisticToday } from './statistics.ts'
import {
  orderReturn,
  returnAnnounce,
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnResolve,
  returnSearch,
  returnWaitingList,
} from './returns.ts'
import { receptionAdd } from './stock-reception.ts'
import { warehouseTransfer } from './stock-transfer.ts'
import { loginCheck, reportUserIp, userAccess } from './user.ts'
import * as admin from './admin.ts'

export const handlers: HandlerTable<typeof endpoints> = {
  loginCheck,
  userAccess,
  reportUserIp,
  // docs/specification.md §7.2 lists the legacy path too; same behaviour.
  legacyUpdateUserIp: reportUserIp,
  computerExists,
  printerList,
  computerCheck,
  qzComputer,
  qzCertificate,
  qzSign,
  documentRelink,
  locationFindPrefix,
  locationLabels,
  boxLabels,
  productLabels,
  receptionAdd,
  warehouseTransfer,
  rebutAdd,
  rebutReasonList,
  // docs/specification.md §7.5 keeps the legacy path of the scrap reasons; same answer.
  legacyRebutReasonList: rebutReasonList,
  locationInformation,
  productInfo,
  productSearch,
  locationStock,
  shopLocationStock,
  productQuantity,
  productInfoInventory,
  inventoryCount,
  pickingOrderCount,
  pickingCampaignList,
  pickingPrint,
  pickingPrintCampaign,
  pickingReprint,
  pickingSessionCreate,
  pickingSessionResume,
  pickingSessionPick,
  pickingSessionClose,
  pickingCommandsSheet,
  pickingTotesKnown,
  orderPackaging,
  shipmentMonoBatch,
  shipmentOrderMono,
  shipmentOrder,
  shipmentOrderMulti,
  shipmentOrderMultiPrint,
  trackingNumberAdd,
  trackingNumberRead,
  trackingNumberList,
  trackingNumberVoid,
  trackingNumberManual,
  orderException,
  orderExceptionResolve,
  routingBox,
  routingPackage,
  carrierSlipList,
  carrierSlipClose,
  orderInformation,
  orderDetail,
  orderCustomizationFiles,
  orderShortPickList,
  orderShortPickDecision,
  statisticToday,
  globalLookup,
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnSearch,
  returnAnnounce,
  orderReturn,
  returnWaitingList,
  returnResolve,
  ...admin,
}

export { endpoints }
