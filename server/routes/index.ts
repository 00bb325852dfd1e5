/** The handler of every contract endpoint; HandlerTable makes a missing one a type error. */
import { endpoints } from '../../contract/endpoints.ts'
import type { HandlerTable } from '../http/register.ts'
import { loginCheck, reportUserIp, userAccess } from './user.ts'

export const handlers: HandlerTable<typeof endpoints> = {
  loginCheck,
  userAccess,
  reportUserIp,
  // SPEC §7.2 lists the legacy path too; same behaviour.
  legacyUpdateUserIp: reportUserIp,
}

export { endpoints }
