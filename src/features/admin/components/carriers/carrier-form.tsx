import {
  Checkbox,
  Fieldset,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { adminCarrierBodySchema, adminCarrierCreate, adminCarrierUpdate, type AdminCarrier } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'
import { ServiceBadges } from './service-badges.tsx'

const t = adminText.carriers
const NO_GROUP = { code: '', name: '', pickupTime: '', dockLane: '' }
const FIELDS = ['code', 'name', 'maxParcelGrams', 'boxTypes', 'slipGroup'] as const
// The group's own fields are there only while the carrier has a group.
const placedWith = placedAt(...FIELDS, /^slipGroup\.(code|name|pickupTime|dockLane)$/)
const placedWithout = placedAt(...FIELDS)

/** Edits a carrier, or adds one of the integrations the server has (carrier null; `codes` free). */
export function CarrierForm({
  carrier,
  codes,
  boxTypes,
  onClose,
}: {
  carrier: AdminCarrier | null
  codes: string[]
  boxTypes: { value: string; label: string }[]
  onClose: () => void
}) {
  const [values, setValues] = useState({
    code: null as string | null,
    name: carrier?.name ?? '',
    maxParcelGrams: (carrier?.maxParcelGrams ?? 30_000) as number | string,
    boxTypes: carrier?.boxTypes ?? [],
    withGroup: carrier ? carrier.slipGroup !== null : true,
  })
  const [group, setGroup] = useState(carrier?.slipGroup ?? NO_GROUP)
  const { problem, submit, modalProps } = useAdminForm<AdminCarrier>({
    refresh: [adminKeys.carriers()],
    done: (saved) => (carrier ? adminText.saved(saved.name) : t.created(saved.name)),
    placed: values.withGroup ? placedWith : placedWithout,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  const groupField = fieldBinder(group, setGroup, problem.fields, 'slipGroup.')
  const groupInput = (key: keyof typeof NO_GROUP, label: string) => {
    const bound = groupField.text(key)
    // A group code already taken is said about the group as a whole.
    const error = bound.error ?? (key === 'code' ? problem.fields.slipGroup : undefined)
    return <TextInput label={label} required {...bound} error={error} />
  }

  const onSubmit = () => {
    const { code, withGroup, ...rest } = values
    const raw = { ...rest, slipGroup: withGroup ? group : null }
    if (carrier)
      submit(adminCarrierBodySchema, raw, (body) =>
        callApi(adminCarrierUpdate, { params: { id: carrier.id }, body }),
      )
    else
      submit(adminCarrierCreate.body, { ...raw, code: code ?? '' }, (body) =>
        callApi(adminCarrierCreate, { body }),
      )
  }

  return (
    <FormModal {...modalProps} title={carrier ? t.editTitle(carrier.name) : t.addTitle} onSubmit={onSubmit}>
      {carrier ? (
        <ServiceBadges services={carrier.services} />
      ) : (
        <Select label={t.code} description={t.codeHint} required data={codes} {...field.value('code')} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t.name} required {...field.text('name')} />
        <NumberInput
          label={t.maxWeight}
          required
          min={1}
          allowDecimal={false}
          {...field.value('maxParcelGrams')}
        />
      </SimpleGrid>
      <MultiSelect label={t.boxTypes} data={boxTypes} searchable {...field.value('boxTypes')} />
      <Fieldset legend={t.slipGroup}>
        <Stack gap="sm">
          <Checkbox label={t.withGroup} {...field.check('withGroup')} />
          {values.withGroup ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {groupInput('code', t.groupCode)}
              {groupInput('name', t.groupName)}
              {groupInput('pickupTime', t.pickupTime)}
              {groupInput('dockLane', t.dock)}
            </SimpleGrid>
          ) : problem.fields.slipGroup ? (
            <Text c="red" size="sm">
              {problem.fields.slipGroup}
            </Text>
          ) : null}
        </Stack>
      </Fieldset>
    </FormModal>
  )
}
