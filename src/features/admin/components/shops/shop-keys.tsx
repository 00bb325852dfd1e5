import { Alert, Badge, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import {
  adminShopKeyCreate,
  adminShopKeyRevoke,
  type AdminShop,
  SHOP_KEYS_ACTIVE_MAX,
  type ShopKey,
} from '@contract'
import { useState } from 'react'
import { formatDateTime } from '@/lib/dates'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { shopApiCallsQuery, shopKeysQuery, useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { ShopDialog } from '../form-modal.tsx'
import { NewKeySecret } from './new-key-secret.tsx'
import { CallList } from './shop-api-calls.tsx'

const t = adminText.shopKeys

/**
 * 'Clés d’API' of a shop (issue 33): its keys with who made them and their last call; a new key
 * shown once, whole, with a copy button; a key revoked after a confirmation.
 */
export function ShopKeys({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const keys = useQuery(shopKeysQuery(shop.id))
  const calls = useQuery(shopApiCallsQuery(shop.id))
  const [label, setLabel] = useState('')
  const [secret, setSecret] = useState<string | null>(null)
  const refresh = [adminKeys.shopKeys(shop.id)]
  const create = useAdminWrite(
    (name: string) => callApi(adminShopKeyCreate, { params: { id: shop.id }, body: { label: name } }),
    { refresh, done: (made) => t.created(made.key.label) },
  )
  const revoke = useAdminWrite(
    (key: ShopKey) => callApi(adminShopKeyRevoke, { params: { id: shop.id, keyId: key.id } }),
    { refresh, done: (key) => t.revoked(key.label) },
  )
  const problem = formProblem(create.error, (field) => field === 'label')
  // A revoke refused or lost is said too, or the key would look revoked to nobody and stay in use.
  const alert = problem.alert ?? formProblem(revoke.error, () => false).alert
  const active = (keys.data ?? []).filter((k) => k.revokedAt === null).length

  const submit = () =>
    create.mutate(label, {
      onSuccess: (made) => {
        setSecret(made.secret)
        setLabel('')
      },
    })

  return (
    <ShopDialog
      title={t.title(shop.name)}
      onClose={onClose}
      size="lg"
      busy={create.isPending || revoke.isPending}
    >
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {secret ? <NewKeySecret secret={secret} /> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t.label}
              description={t.labelHint}
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
              error={problem.fields.label}
              style={{ flex: 1 }}
              required
            />
            <Button type="submit" loading={create.isPending} disabled={active >= SHOP_KEYS_ACTIVE_MAX}>
              {t.create}
            </Button>
          </Group>
        </form>
        {alert ? (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t.active(active)}
        </Text>
        {keys.isError ? (
          <Text c="red">{adminText.loadFailed}</Text>
        ) : (
          <KeyList keys={keys.data ?? []} onRevoke={(key) => revoke.mutate(key)} />
        )}
        <Title order={3} size="h5">
          {t.calls}
        </Title>
        {calls.isError ? <Text c="red">{adminText.loadFailed}</Text> : <CallList calls={calls.data ?? []} />}
      </Stack>
    </ShopDialog>
  )
}

function KeyList({ keys, onRevoke }: { keys: readonly ShopKey[]; onRevoke: (key: ShopKey) => void }) {
  if (keys.length === 0) return <Text c="dimmed">{t.none}</Text>
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {keys.map((key) => (
        <li key={key.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{key.label}</Text>
                <Code>{key.prefix}</Code>
                {key.revokedAt ? (
                  <Badge color="gray">{t.revokedOn(formatDateTime(key.revokedAt))}</Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {t.madeBy(key.createdBy, formatDateTime(key.createdAt))} ·{' '}
                {t.lastUsed(key.lastUsedAt ? formatDateTime(key.lastUsedAt) : null)}
              </Text>
            </Stack>
            {key.revokedAt ? null : (
              <Button
                variant="default"
                color="red"
                size="xs"
                aria-label={t.revoke(key.prefix)}
                onClick={() => {
                  if (window.confirm(t.confirmRevoke(key.label))) onRevoke(key)
                }}
              >
                {t.revokeLabel}
              </Button>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  )
}
