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

const t = adminText.platform

/**
 * 'Plateforme' of a shop (issue 34, docs/platforms.md): the Shopify or WooCommerce store it runs,
 * the secret its webhooks are signed with (pasted, never shown back), the address to give the
 * platform, and what each delivery became, a refused one read again once mended.
 */
export function ShopPlatform({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const current = useQuery(shopPlatformQuery(shop.id))
  // What the administrator chose, else what is saved ('': none).
  const [chosen, setPlatform] = useState<Platform | '' | null>(null)
  const platform = chosen ?? current.data?.platform ?? ''
  const [secret, setSecret] = useState('')
  const save = useAdminWrite(
    () =>
      callApi(adminShopPlatformSave, {
        params: { id: shop.id },
        body: { platform: platform || null, ...(secret.trim() && { secret }) },
      }),
    {
      refresh: [adminKeys.shopPlatform(shop.id)],
      done: (saved) => (saved.platform ? t.saved(PLATFORM_NAMES[saved.platform]) : t.removed),
    },
  )
  const problem = formProblem(save.error, (field) => field === 'secret')
  const address = current.data ? `${apiHost || window.location.origin}${current.data.webhookPath}` : ''

  return (
    <ShopDialog title={t.title(shop.name)} onClose={onClose} busy={save.isPending}>
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {current.isError ? <Text c="red">{adminText.loadFailed}</Text> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate(undefined, { onSuccess: () => setSecret('') })
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
      </Stack>
    </ShopDialog>
  )
}
