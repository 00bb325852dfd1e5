import { TextInput } from '@mantine/core'
import { adminUserPassword, type AdminUser } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'

const t = adminText.users
const placed = placedAt('password')

/** 'Réinitialiser le mot de passe': the server ends the user's sessions with the old one. */
export function PasswordReset({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState({ password: '' })
  const { problem, submit, modalProps } = useAdminForm({
    write: (body: { password: string }) => callApi(adminUserPassword, { params: { id: user.id }, body }),
    refresh: [],
    done: () => t.passwordReset(user.username),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  return (
    <FormModal
      {...modalProps}
      title={`${t.resetPassword} — ${user.username}`}
      onSubmit={() => submit(adminUserPassword.body, values)}
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
