import { TextInput } from '@mantine/core'
import { adminUserPassword, type AdminUser } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'

const t = adminText.users
const placed = paths(['password'])

/** 'Réinitialiser le mot de passe': the server ends the user's sessions with the old one. */
export function PasswordReset({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [password, setPassword] = useState('')
  const write = useAdminWrite(
    (body: { password: string }) => callApi(adminUserPassword, { params: { id: user.id }, body }),
    { refresh: [], done: () => t.passwordReset(user.username) },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const submit = () => {
    const body = check(adminUserPassword.body, { password })
    if (body) write.mutate(body, { onSuccess: onClose })
  }
  return (
    <FormModal
      title={`${t.resetPassword} — ${user.username}`}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      alert={problem.alert}
    >
      <TextInput
        type="password"
        label={t.newPassword}
        description={t.passwordHint}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={problem.fields.password}
      />
    </FormModal>
  )
}
