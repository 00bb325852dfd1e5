/**
 * Every endpoint, by name: the server registers this table and OpenAPI is generated from it.
 * The PWA imports the endpoints it calls by name, never this table: an object keeps every schema
 * it holds in the bundle, and the first screen would carry the lazy screens' contracts.
 */
import { boxLabels, locationFindPrefix, locationLabels, productLabels } from './endpoints/labels.ts'
import {
  computerCheck,
  computerExists,
  documentRelink,
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
import { pickingTotesKnown } from './endpoints/picking-totes.ts'
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
import { orderShortPickDecision, orderShortPickList } from './endpoints/order-short-pick.ts'
import {
  orderReturn,
  returnAnnounce,
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnResolve,
  returnSearch,
  returnWaitingList,
} from './endpoints/returns.ts'
import {
  adminAudit,
  adminProductImport,
  adminShopCreate,
  adminShopList,
  adminShopUpdate,
  adminUserCreate,
  adminUserList,
  adminUserPassword,
  adminUserUpdate,
  setupFirstAdmin,
  setupStatus,
} from './endpoints/admin-people.ts'
import {
  adminComputerCreate,
  adminComputerDelete,
  adminComputerList,
  adminComputerUpdate,
  adminListGet,
  adminListPut,
  adminLocationCreate,
  adminLocationList,
} from './endpoints/admin-site.ts'
import {
  adminBoxTypeCreate,
  adminBoxTypeList,
  adminBoxTypeUpdate,
  adminCarrierCreate,
  adminCarrierList,
  adminCarrierUpdate,
} from './endpoints/admin-shipping.ts'
import { globalLookup } from './endpoints/search.ts'
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
  documentRelink,
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
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnSearch,
  returnAnnounce,
  orderReturn,
  returnWaitingList,
  returnResolve,
  statisticToday,
  globalLookup,
  setupStatus,
  setupFirstAdmin,
  adminUserList,
  adminUserCreate,
  adminUserUpdate,
  adminUserPassword,
  adminShopList,
  adminShopCreate,
  adminShopUpdate,
  adminProductImport,
  adminAudit,
  adminComputerList,
  adminComputerCreate,
  adminComputerUpdate,
  adminComputerDelete,
  adminCarrierList,
  adminCarrierCreate,
  adminCarrierUpdate,
  adminBoxTypeList,
  adminBoxTypeCreate,
  adminBoxTypeUpdate,
  adminListGet,
  adminListPut,
  adminLocationList,
  adminLocationCreate,
}
