/** The first administrator's form, checked with the contract's schema plus the confirmation. */
import { firstAdminBodySchema, type FirstAdminBody } from '@contract'
import { checkBody, type Checked } from '@/lib/forms'
import { setupText } from './text.ts'

export interface FirstAdminForm {
  username: string
  displayName: string
  email: string
  password: string
  confirm: string
}

export const EMPTY_FIRST_ADMIN: FirstAdminForm = {
  username: '',
  displayName: '',
  email: '',
  password: '',
  confirm: '',
}

/** The body to send, or every field's messages (the server's own wording, and the confirmation's). */
export function checkFirstAdmin(form: FirstAdminForm): Checked<FirstAdminBody> {
  const { confirm, email, ...rest } = form
  const result = checkBody(firstAdminBodySchema, { ...rest, email: email.trim() })
  const fieldErrors = result.ok ? {} : { ...result.fieldErrors }
  if (confirm !== form.password) fieldErrors.confirm = [setupText.mismatch]
  return result.ok && !fieldErrors.confirm ? result : { ok: false, fieldErrors }
}
