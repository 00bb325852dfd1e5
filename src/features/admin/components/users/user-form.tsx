import { Button, Checkbox, Fieldset, Input, MultiSelect, SimpleGrid, Text, TextInput } from '@mantine/core'
import { adminUserCreate, adminUserUpdate, WAREHOUSE_ROLES, type AdminShop, type AdminUser } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminKeys } from '../../keys.ts'
import {
  createBody,
  roleTicked,
  rolesWithoutAccess,
  updateBody,
  userFormOf,
  type UserFormValues,
} from '../../model/user-form.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'
import { CloseSessions } from './close-sessions.tsx'
import { PasswordReset } from './password-reset.tsx'

const t = adminText.users
// 'roles.N' (one bad role) has no field of its own: it goes to the alert.
const placed = placedAt('username', 'displayName', 'email', 'password', 'admin', 'shops', 'roles')

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
  const { problem, submit, modalProps } = useAdminForm<AdminUser>({
    refresh: [adminKeys.users()],
    done: (saved) => (user ? adminText.saved(saved.username) : t.created(saved.username)),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  const onSubmit = () =>
    user
      ? submit(adminUserUpdate.body, updateBody(values), (body) =>
          callApi(adminUserUpdate, { params: { id: user.id }, body }),
        )
      : submit(adminUserCreate.body, createBody(values), (body) => callApi(adminUserCreate, { body }))

  return (
    <>
      <FormModal
        {...modalProps}
        title={user ? t.editTitle(user.username) : t.add}
        onSubmit={onSubmit}
        extra={
          user ? (
            <>
              <Button variant="subtle" onClick={() => setResetting(true)} disabled={modalProps.pending}>
                {t.resetPassword}
              </Button>
              <CloseSessions user={user} disabled={modalProps.pending} />
            </>
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
            {...field.text('username')}
          />
          <TextInput label={t.displayName} required {...field.text('displayName')} />
          <TextInput label={t.email} type="email" {...field.text('email')} />
          {user ? null : (
            <TextInput
              type="password"
              label={t.password}
              description={t.passwordHint}
              required
              autoComplete="new-password"
              {...field.text('password')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Checkbox label={t.admin} {...field.check('admin')} />
          <Checkbox label={t.debug} {...field.check('debug')} />
          <Checkbox label={t.warehouseAccess} {...field.check('warehouseAccess')} />
          {user ? (
            <Checkbox label={t.disabled} description={t.disabledHint} {...field.check('disabled')} />
          ) : null}
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
                onChange={(e) => setValues(roleTicked(values, role, e.currentTarget.checked))}
              />
            ))}
          </SimpleGrid>
          {rolesWithoutAccess(values) ? (
            <Text size="xs" c="orange.9" mt="xs" role="note">
              {t.rolesWithoutAccess}
            </Text>
          ) : null}
          {problem.fields.roles ? <Input.Error mt="xs">{problem.fields.roles}</Input.Error> : null}
        </Fieldset>
        <MultiSelect
          label={t.shops}
          data={shops.map((s) => ({ value: s.slug, label: `${s.name} (${s.slug})` }))}
          searchable
          {...field.value('shops')}
        />
      </FormModal>
      {/* Beside the form, not in it: a submit inside would also reach the form's handler through React. */}
      {resetting && user ? <PasswordReset user={user} onClose={() => setResetting(false)} /> : null}
    </>
  )
}
