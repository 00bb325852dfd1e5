import { TextInput } from '@mantine/core'
import {
  adminShopBodySchema,
  adminShopCreate,
  adminShopUpdate,
  type AdminShop,
  type AdminShopBody,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'

const t = adminText.shops
const placed = placedAt('slug', 'name', 'code')

export function ShopForm({ shop, onClose }: { shop: AdminShop | null; onClose: () => void }) {
  const [values, setValues] = useState<AdminShopBody>({
    slug: shop?.slug ?? '',
    name: shop?.name ?? '',
    code: shop?.code ?? '',
  })
  const { problem, submit, modalProps } = useAdminForm<AdminShop>({
    refresh: [adminKeys.shops()],
    done: (saved) => (shop ? adminText.saved(saved.name) : t.created(saved.name)),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  return (
    <FormModal
      {...modalProps}
      title={shop ? t.editTitle(shop.name) : t.add}
      onSubmit={() =>
        submit(adminShopBodySchema, values, (body) =>
          shop
            ? callApi(adminShopUpdate, { params: { id: shop.id }, body })
            : callApi(adminShopCreate, { body }),
        )
      }
    >
      <TextInput label={t.name} required {...field.text('name')} />
      <TextInput
        label={t.slug}
        description={t.slugHint}
        required
        autoCapitalize="none"
        spellCheck={false}
        {...field.text('slug')}
      />
      <TextInput
        label={t.code}
        description={t.codeHint}
        required
        autoCapitalize="characters"
        {...field.text('code')}
      />
    </FormModal>
  )
}
