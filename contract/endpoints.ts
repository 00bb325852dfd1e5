/** Every endpoint, by name: the server registers this table and OpenAPI is generated from it. */
import { legacyUpdateUserIp, loginCheck, reportUserIp, userAccess } from './endpoints/user.ts'

export const endpoints = {
  loginCheck,
  userAccess,
  reportUserIp,
  legacyUpdateUserIp,
}
