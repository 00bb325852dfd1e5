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
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'

const t = adminText.shops
const placed = paths(['slug', 'name', 'code'])

export function ShopForm({ shop, onClose }: { shop: AdminShop | null; onClose: () => void }) {
  const [values, setValues] = useState<AdminShopBody>({
    slug: shop?.slug ?? '',
    name: shop?.name ?? '',
    code: shop?.code ?? '',
  })
  const write = useAdminWrite(
    (body: AdminShopBody) =>
      shop ? callApi(adminShopUpdate, { params: { id: shop.id }, body }) : callApi(adminShopCreate, { body }),
    {
      refresh: [adminKeys.shops()],
      done: (saved) => (shop ? adminText.saved(saved.name) : t.created(saved.name)),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const field = (key: keyof AdminShopBody) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setValues((v) => ({ ...v, [key]: value }))
    },
    error: problem.fields[key],
  })
  const submit = () => {
    const body = check(adminShopBodySchema, values)
    if (body) write.mutate(body, { onSuccess: onClose })
  }
  return (
    <FormModal
      title={shop ? t.editTitle(shop.name) : t.add}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      alert={problem.alert}
    >
      <TextInput label={t.name} required {...field('name')} />
      <TextInput
        label={t.slug}
        description={t.slugHint}
        required
        autoCapitalize="none"
        spellCheck={false}
        {...field('slug')}
      />
      <TextInput
        label={t.code}
        description={t.codeHint}
        required
        autoCapitalize="characters"
        {...field('code')}
      />
    </FormModal>
  )
}
