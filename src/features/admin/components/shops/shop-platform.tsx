import { Alert, Button, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { adminShopPlatformSave, type AdminShop, type Platform, PLATFORMS } from '@contract'
import { useState } from 'react'
import { apiHost } from '@/lib/config'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { shopPlatformQuery, useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { PLATFORM_NAMES } from '../../text-platforms.ts'
import { ShopDialog } from '../form-modal.tsx'
import { PlatformDeliveries } from './platform-deliveries.tsx'
import {
  type FulfilmentDraft,
  fulfilmentBody,
  fulfilmentFieldShown,
  fulfilmentValues,
  NO_CREDENTIALS,
  PlatformFulfilmentFields,
} from './platform-fulfilment-form.tsx'
import { PlatformFulfilments } from './platform-fulfilments.tsx'

const t = adminText.platform

/**
 * 'Plateforme' of a shop (issue 34, docs/platforms.md): the Shopify or WooCommerce store it runs,
 * the secret its webhooks are signed with (pasted, never shown back), the address to give the
 * platform, and what each delivery became, a refused one read again once mended. Also whether the
 * shipments are sent back to the store, with its credentials, and what became of each.
 */
export function ShopPlatform({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const current = useQuery(shopPlatformQuery(shop.id))
  // What the administrator chose, else what is saved ('': none).
  const [chosen, setPlatform] = useState<Platform | '' | null>(null)
  const platform = chosen ?? current.data?.platform ?? ''
  const [secret, setSecret] = useState('')
  const [edits, setEdits] = useState<Partial<FulfilmentDraft>>({})
  const fulfilment = fulfilmentValues(current.data, edits)
  const save = useAdminWrite(
    () =>
      callApi(adminShopPlatformSave, {
        params: { id: shop.id },
        body: {
          platform: platform || null,
          ...(secret.trim() && { secret }),
          ...(platform && { fulfilment: fulfilmentBody(platform, fulfilment) }),
        },
      }),
    {
      refresh: [adminKeys.shopPlatform(shop.id)],
      done: (saved) => (saved.platform ? t.saved(PLATFORM_NAMES[saved.platform]) : t.removed),
    },
  )
  const shown = fulfilmentFieldShown(platform, fulfilment)
  const problem = formProblem(save.error, (field) => field === 'secret' || shown(field))
  const address = current.data ? `${apiHost || window.location.origin}${current.data.webhookPath}` : ''

  return (
    <ShopDialog title={t.title(shop.name)} onClose={onClose} busy={save.isPending}>
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {current.isError ? <Text c="red">{adminText.loadFailed}</Text> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate(undefined, {
              onSuccess: () => {
                setSecret('')
                setEdits((kept) => ({ ...kept, ...NO_CREDENTIALS }))
              },
            })
          }}
        >
          <Stack gap="xs">
            <NativeSelect
              label={t.platformLabel}
              value={platform}
              onChange={(e) => setPlatform(e.currentTarget.value as Platform | '')}
              data={[
                { value: '', label: t.none },
                ...PLATFORMS.map((p) => ({ value: p, label: PLATFORM_NAMES[p] })),
              ]}
            />
            {platform ? (
              <PasswordInput
                label={t.secret}
                description={t.secretHint(
                  Boolean(current.data?.secretSet && current.data.platform === platform),
                )}
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
                error={problem.fields.secret}
                autoComplete="off"
              />
            ) : null}
            {platform ? (
              <PlatformFulfilmentFields
                platform={platform}
                saved={current.data}
                values={fulfilment}
                onChange={(edit) => setEdits((kept) => ({ ...kept, ...edit }))}
                errors={problem.fields}
              />
            ) : null}
            <Button type="submit" loading={save.isPending} w="fit-content" disabled={!current.data}>
              {adminText.save}
            </Button>
          </Stack>
        </form>
        {problem.alert ? (
          <Alert color="red" role="alert">
            {problem.alert}
          </Alert>
        ) : null}
        {current.data?.platform ? (
          <TextInput
            label={t.address}
            description={t.addressHint}
            value={address}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
        <PlatformDeliveries shopId={shop.id} />
        {current.data?.platform ? <PlatformFulfilments shopId={shop.id} /> : null}
      </Stack>
    </ShopDialog>
  )
}
