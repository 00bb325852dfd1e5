/** Every endpoint, by name: the server registers this table and OpenAPI is generated from it. */
import {
  boxLabels,
  computerCheck,
  computerExists,
  locationFindPrefix,
  locationLabels,
  printerList,
  productLabels,
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
}
