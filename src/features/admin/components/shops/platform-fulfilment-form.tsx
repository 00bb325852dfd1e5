/**
 * The 'Plateforme' dialog's part for sending the shipments back to the store (issue 34,
 * docs/platforms.md, 'Shipments sent back'): on or off, the store's address, its API credentials
 * (pasted, never shown back: a field left empty keeps the one kept for the same platform) and
 * whether the customer is told. Saved with the platform, in the dialog's one PUT.
 */
import { Checkbox, Fieldset, PasswordInput, Stack, Switch, TextInput } from '@mantine/core'
import type { adminShopPlatformSave, BodyOf, Platform, ShopPlatform } from '@contract'
import type { ChangeEvent } from 'react'
import { adminText } from '../../text.ts'

const t = adminText.fulfilment

export interface FulfilmentDraft {
  enabled: boolean
  shopDomain: string
  siteUrl: string
  notifyCustomer: boolean
  accessToken: string
  consumerKey: string
  consumerSecret: string
}
type FulfilmentInput = NonNullable<BodyOf<typeof adminShopPlatformSave>['fulfilment']>

const FIELDS: Record<Platform, readonly string[]> = {
  shopify: ['shopDomain', 'accessToken'],
  woocommerce: ['siteUrl', 'consumerKey', 'consumerSecret'],
}

/** The form's values: what the administrator changed, over what is saved. */
export function fulfilmentValues(
  saved: ShopPlatform | undefined,
  edits: Partial<FulfilmentDraft>,
): FulfilmentDraft {
  const kept = saved?.fulfilment
  return {
    enabled: kept?.enabled ?? false,
    shopDomain: kept?.shopDomain ?? '',
    siteUrl: kept?.siteUrl ?? '',
    notifyCustomer: kept?.notifyCustomer ?? true,
    accessToken: '',
    consumerKey: '',
    consumerSecret: '',
    ...edits,
  }
}

/** Set over the edits once saved: the credentials typed are kept by the server, never shown back. */
export const NO_CREDENTIALS = { accessToken: '', consumerKey: '', consumerSecret: '' } as const

/** The PUT's part: the chosen platform's address, and each credential only if typed. */
export function fulfilmentBody(platform: Platform, v: FulfilmentDraft): FulfilmentInput {
  const common = { enabled: v.enabled, notifyCustomer: v.notifyCustomer }
  if (platform === 'shopify')
    return {
      ...common,
      shopDomain: v.shopDomain.trim(),
      ...(v.accessToken.trim() && { accessToken: v.accessToken }),
    }
  return {
    ...common,
    siteUrl: v.siteUrl.trim(),
    ...(v.consumerKey.trim() && { consumerKey: v.consumerKey }),
    ...(v.consumerSecret.trim() && { consumerSecret: v.consumerSecret }),
  }
}

/**
 * Which refusals this part shows under a field: the server names the field ('shopDomain'), the
 * contract's check its path ('fulfilment.accessToken'); the fields hidden while off show none.
 */
export const fulfilmentFieldShown =
  (platform: Platform | '', v: FulfilmentDraft) =>
  (path: string): boolean =>
    Boolean(platform && v.enabled && FIELDS[platform].includes(path.replace(/^fulfilment\./, '')))

export function PlatformFulfilmentFields({
  platform,
  saved,
  values,
  onChange,
  errors,
}: {
  platform: Platform
  saved: ShopPlatform | undefined
  values: FulfilmentDraft
  onChange: (edit: Partial<FulfilmentDraft>) => void
  errors: Record<string, string>
}) {
  const error = (field: string) => errors[field] ?? errors[`fulfilment.${field}`]
  const kept = Boolean(saved?.fulfilment.credentialsSet && saved.platform === platform)
  const text = (field: 'shopDomain' | 'siteUrl' | 'accessToken' | 'consumerKey' | 'consumerSecret') => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.currentTarget.value }),
    error: error(field),
    autoComplete: 'off',
  })
  return (
    <Fieldset legend={t.section}>
      <Stack gap="xs">
        <Switch
          label={t.enabled}
          checked={values.enabled}
          onChange={(e) => onChange({ enabled: e.currentTarget.checked })}
        />
        {values.enabled && platform === 'shopify' ? (
          <>
            <TextInput
              label={t.shopDomain}
              placeholder={t.shopDomainPlaceholder}
              description={t.shopDomainHint}
              {...text('shopDomain')}
            />
            <PasswordInput
              label={t.accessToken}
              description={t.accessTokenHint(kept)}
              {...text('accessToken')}
            />
          </>
        ) : null}
        {values.enabled && platform === 'woocommerce' ? (
          <>
            <TextInput label={t.siteUrl} placeholder={t.siteUrlPlaceholder} {...text('siteUrl')} />
            <PasswordInput
              label={t.consumerKey}
              description={t.consumerHint(kept)}
              {...text('consumerKey')}
            />
            <PasswordInput label={t.consumerSecret} {...text('consumerSecret')} />
          </>
        ) : null}
        {values.enabled ? (
          <Checkbox
            label={t.notifyCustomer}
            checked={values.notifyCustomer}
            onChange={(e) => onChange({ notifyCustomer: e.currentTarget.checked })}
          />
        ) : null}
      </Stack>
    </Fieldset>
  )
}
