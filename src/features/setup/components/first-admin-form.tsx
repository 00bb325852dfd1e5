import { Alert, Button, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { formProblem } from '@/lib/forms'
import { ApiError } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import { useFirstAdminMutation } from '../api.ts'
import { checkFirstAdmin, EMPTY_FIRST_ADMIN, type FirstAdminForm as Form } from '../model.ts'
import { setupText } from '../text.ts'
import { AlreadySetUp } from './already-set-up.tsx'

const FIELDS = new Set(['username', 'displayName', 'email', 'password', 'confirm'])

export function FirstAdminForm({ onCreated }: { onCreated: () => void }) {
  const create = useFirstAdminMutation()
  const [form, setForm] = useState<Form>(EMPTY_FIRST_ADMIN)
  const [local, setLocal] = useState<Record<string, string[]>>({})
  const set = (key: keyof Form) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value
    setForm((f) => ({ ...f, [key]: value }))
  }
  const problem = formProblem(create.error, (path) => FIELDS.has(path), {
    ...(create.error instanceof ApiError ? create.error.fieldErrors : {}),
    ...local,
  })

  // Someone was quicker (another browser): the site has its administrator now.
  if (create.error instanceof ApiError && create.error.status === 409)
    return <AlreadySetUp message={create.error.message} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkFirstAdmin(form)
    if (!checked.ok) {
      setLocal(checked.fieldErrors)
      create.reset()
      return
    }
    setLocal({})
    create.mutate(checked.data, {
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
        <TextInput
          label={setupText.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={form.username}
          onChange={set('username')}
          error={problem.fields.username}
        />
        <TextInput
          label={setupText.displayName}
          autoComplete="name"
          required
          value={form.displayName}
          onChange={set('displayName')}
          error={problem.fields.displayName}
        />
        <TextInput
          label={setupText.email}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={problem.fields.email}
        />
        <TextInput
          type="password"
          label={setupText.password}
          description={setupText.passwordHint}
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          error={problem.fields.password}
        />
        <TextInput
          type="password"
          label={setupText.confirm}
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set('confirm')}
          error={problem.fields.confirm}
        />
        <Button type="submit" loading={create.isPending} fullWidth>
          {setupText.submit}
        </Button>
      </Stack>
    </form>
  )
}
