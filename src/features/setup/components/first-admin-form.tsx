import { Alert, Button, Stack, TextInput, type TextInputProps } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { ApiError } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt, useFormProblem } from '@/lib/ui/use-form-problem'
import { showToast } from '@/lib/ui/toast'
import { useFirstAdminMutation } from '../api.ts'
import { checkFirstAdmin, EMPTY_FIRST_ADMIN, type FirstAdminForm as Form } from '../model.ts'
import { setupText } from '../text.ts'
import { AlreadySetUp } from './already-set-up.tsx'

const FIELDS: [keyof Form, TextInputProps][] = [
  [
    'username',
    {
      label: setupText.username,
      autoComplete: 'username',
      autoCapitalize: 'none',
      spellCheck: false,
      required: true,
    },
  ],
  ['displayName', { label: setupText.displayName, autoComplete: 'name', required: true }],
  ['email', { label: setupText.email, type: 'email', autoComplete: 'email' }],
  [
    'password',
    {
      label: setupText.password,
      description: setupText.passwordHint,
      type: 'password',
      autoComplete: 'new-password',
      required: true,
    },
  ],
  ['confirm', { label: setupText.confirm, type: 'password', autoComplete: 'new-password', required: true }],
]
const placed = placedAt(...FIELDS.map(([key]) => key))

export function FirstAdminForm({ onCreated }: { onCreated: () => void }) {
  const create = useFirstAdminMutation()
  const [form, setForm] = useState<Form>(EMPTY_FIRST_ADMIN)
  const { problem, check } = useFormProblem(create.error, placed)
  const field = fieldBinder(form, setForm, problem.fields)

  // Someone was quicker (another browser): the site has its administrator now.
  if (create.error instanceof ApiError && create.error.status === 409)
    return <AlreadySetUp message={create.error.message} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = check(checkFirstAdmin(form))
    if (!body) return
    create.mutate(body, {
      onSuccess: () => {
        showToast({ color: 'green', message: setupText.created })
        onCreated()
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={setupText.title}>
      <Stack gap="md">
        {problem.alert ? (
          <Alert color="red" role="alert">
            {problem.alert}
          </Alert>
        ) : null}
        {FIELDS.map(([key, props]) => (
          <TextInput key={key} {...props} {...field.text(key)} />
        ))}
        <Button type="submit" loading={create.isPending} fullWidth>
          {setupText.submit}
        </Button>
      </Stack>
    </form>
  )
}
