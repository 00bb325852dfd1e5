import { TextInput } from '@mantine/core'
import { adminUserPassword, type AdminUser } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { getToken, signIn, userOfToken } from '@/lib/session'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'

const t = adminText.users
const placed = placedAt('password')

/**
 * A new password, then, when it is one's own, a new session with it: the reset ends every session
 * opened before it, this one included. The sign-in is the app's own (signIn: this device's token
 * sent and the answered one kept, as on the sign-in page). Should it fail, the next call sends the
 * administrator to the sign-in page, as before.
 */
async function resetPassword(user: AdminUser, body: { password: string }): Promise<'own' | 'other'> {
  await callApi(adminUserPassword, { params: { id: user.id }, body })
  if (userOfToken(getToken()) !== user.username) return 'other'
  try {
    await signIn({ username: user.username, password: body.password })
  } catch {
    // The password is changed all the same: the toast says so.
  }
  return 'own'
}

/** 'Réinitialiser le mot de passe': the server ends the user's sessions with the old one. */
export function PasswordReset({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState({ password: '' })
  const { problem, submit, modalProps } = useAdminForm<'own' | 'other'>({
    refresh: [],
    done: (whose) => (whose === 'own' ? t.ownPasswordReset : t.passwordReset(user.username)),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  return (
    <FormModal
      {...modalProps}
      title={`${t.resetPassword} — ${user.username}`}
      onSubmit={() => submit(adminUserPassword.body, values, (body) => resetPassword(user, body))}
    >
      <TextInput
        type="password"
        label={t.newPassword}
        description={t.passwordHint}
        autoComplete="new-password"
        required
        {...field.text('password')}
      />
    </FormModal>
  )
}
