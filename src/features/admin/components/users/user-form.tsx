import { Button, Checkbox, Fieldset, Input, MultiSelect, SimpleGrid, Text, TextInput } from '@mantine/core'
import {
  adminUserCreate,
  adminUserUpdate,
  WAREHOUSE_ROLES,
  type AdminShop,
  type AdminUser,
  type BodyOf,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { createBody, updateBody, userFormOf, type UserFormValues } from '../../model/user-form.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'
import { PasswordReset } from './password-reset.tsx'

const t = adminText.users
const placed = paths(['username', 'displayName', 'email', 'password', 'admin', 'shops', 'roles'], ['roles.'])

type Write =
  | { kind: 'create'; body: BodyOf<typeof adminUserCreate> }
  | { kind: 'update'; id: number; body: BodyOf<typeof adminUserUpdate> }

/** Creates a user (user null) or edits one; the shops offered are the site's. */
export function UserForm({
  user,
  shops,
  onClose,
}: {
  user: AdminUser | null
  shops: AdminShop[]
  onClose: () => void
}) {
  const [values, setValues] = useState<UserFormValues>(() => userFormOf(user))
  const [resetting, setResetting] = useState(false)
  const write = useAdminWrite(
    (w: Write) =>
      w.kind === 'create'
        ? callApi(adminUserCreate, { body: w.body })
        : callApi(adminUserUpdate, { params: { id: w.id }, body: w.body }),
    {
      refresh: [adminKeys.users()],
      done: (saved, w) => (w.kind === 'create' ? t.created(saved.username) : adminText.saved(saved.username)),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }))
  const text = (key: 'username' | 'displayName' | 'email' | 'password') => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: problem.fields[key],
  })
  const flag = (key: 'admin' | 'debug' | 'disabled' | 'warehouseAccess') => ({
    checked: values[key],
    onChange: (e: { currentTarget: { checked: boolean } }) => set(key, e.currentTarget.checked),
  })

  const submit = () => {
    if (user) {
      const body = check(adminUserUpdate.body, updateBody(values))
      if (body) write.mutate({ kind: 'update', id: user.id, body }, { onSuccess: onClose })
    } else {
      const body = check(adminUserCreate.body, createBody(values))
      if (body) write.mutate({ kind: 'create', body }, { onSuccess: onClose })
    }
  }

  return (
    <>
      <FormModal
        title={user ? t.editTitle(user.username) : t.add}
        onClose={onClose}
        onSubmit={submit}
        pending={write.isPending}
        alert={problem.alert}
        extra={
          user ? (
            <Button variant="subtle" onClick={() => setResetting(true)}>
              {t.resetPassword}
            </Button>
          ) : null
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t.username}
            required
            disabled={!!user}
            autoCapitalize="none"
            spellCheck={false}
            {...text('username')}
          />
          <TextInput label={t.displayName} required {...text('displayName')} />
          <TextInput label={t.email} type="email" {...text('email')} />
          {user ? null : (
            <TextInput
              type="password"
              label={t.password}
              description={t.passwordHint}
              required
              autoComplete="new-password"
              {...text('password')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Checkbox label={t.admin} error={problem.fields.admin} {...flag('admin')} />
          <Checkbox label={t.debug} {...flag('debug')} />
          <Checkbox label={t.warehouseAccess} {...flag('warehouseAccess')} />
          {user ? <Checkbox label={t.disabled} description={t.disabledHint} {...flag('disabled')} /> : null}
        </SimpleGrid>
        <Fieldset legend={t.roles}>
          <Text size="xs" c="dimmed" mb="xs">
            {t.rolesHint}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {WAREHOUSE_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={adminText.roleNames[role]}
                checked={values.roles.includes(role)}
                onChange={(e) =>
                  set(
                    'roles',
                    e.currentTarget.checked
                      ? [...values.roles, role]
                      : values.roles.filter((r) => r !== role),
                  )
                }
              />
            ))}
          </SimpleGrid>
          {problem.fields.roles ? <Input.Error mt="xs">{problem.fields.roles}</Input.Error> : null}
        </Fieldset>
        <MultiSelect
          label={t.shops}
          data={shops.map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` }))}
          value={values.shops}
          onChange={(shopSlugs) => set('shops', shopSlugs)}
          searchable
          error={problem.fields.shops}
        />
      </FormModal>
      {/* Beside the form, not in it: a submit inside would also reach the form's handler through React. */}
      {resetting && user ? <PasswordReset user={user} onClose={() => setResetting(false)} /> : null}
    </>
  )
}
