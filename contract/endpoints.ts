/**
 * Every endpoint, by name: the server registers this table and OpenAPI is generated from it.
 * The PWA imports the endpoints it calls by name, never this table: an object keeps every schema
 * it holds in the bundle, and the first screen would carry the lazy screens' contracts.
 */
import { boxLabels, locationFindPrefix, locationLabels, productLabels } from './endpoints/labels.ts'
import {
  computerCheck,
  computerExists,
  printerList,
  qzCertificate,
  qzComputer,
  qzSign,
} from './endpoints/printing.ts'
import {
  legacyRebutReasonList,
  rebutAdd,
  rebutReasonList,
  receptionAdd,
  warehouseTransfer,
} from './endpoints/stock.ts'
import {
  inventoryCount,
  locationInformation,
  locationStock,
  productInfo,
  productInfoInventory,
  productQuantity,
  productSearch,
  shopLocationStock,
} from './endpoints/stock-info.ts'
import {
  pickingCampaignList,
  pickingOrderCount,
  pickingPrint,
  pickingPrintCampaign,
  pickingReprint,
} from './endpoints/picking.ts'
import {
  pickingCommandsSheet,
  pickingSessionClose,
  pickingSessionCreate,
  pickingSessionPick,
  pickingSessionResume,
} from './endpoints/picking-session.ts'
import { orderPackaging } from './endpoints/shipping.ts'
import { orderException, orderExceptionResolve } from './endpoints/order-exception.ts'
import {
  shipmentMonoBatch,
  shipmentOrder,
  shipmentOrderMono,
  shipmentOrderMulti,
  shipmentOrderMultiPrint,
} from './endpoints/shipment.ts'
import {
  trackingNumberAdd,
  trackingNumberList,
  trackingNumberManual,
  trackingNumberRead,
  trackingNumberVoid,
} from './endpoints/tracking.ts'
import { routingBox, routingPackage } from './endpoints/routing.ts'
import { carrierSlipClose, carrierSlipList } from './endpoints/carrier-slip.ts'
import { orderCustomizationFiles, orderDetail, orderInformation } from './endpoints/order-information.ts'
import {
  orderReturn,
  returnAnnounce,
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnResolve,
  returnSearch,
  returnWaitingList,
} from './endpoints/returns.ts'
import { statisticToday } from './endpoints/statistics.ts'
import { legacyUpdateUserIp, loginCheck, reportUserIp, userAccess } from './endpoints/user.ts'

export const endpoints = {
  loginCheck,
  userAccess,
  reportUserIp,
  legacyUpdateUserIp,
  computerExists,
  printerList,
  computerCheck,
  qzComputer,
  qzCertificate,
  qzSign,
  locationFindPrefix,
  locationLabels,
  boxLabels,
  productLabels,
  receptionAdd,
  warehouseTransfer,
  rebutAdd,
  rebutReasonList,
  legacyRebutReasonList,
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
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnSearch,
  returnAnnounce,
  orderReturn,
  returnWaitingList,
  returnResolve,
  statisticToday,
}
