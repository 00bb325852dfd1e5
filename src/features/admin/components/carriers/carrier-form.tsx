import {
  Checkbox,
  Fieldset,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import {
  adminCarrierBodySchema,
  adminCarrierCreate,
  adminCarrierUpdate,
  type AdminCarrier,
  type AdminCarrierBody,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'
import { ServiceBadges } from './service-badges.tsx'

const t = adminText.carriers
const placed = paths(['code', 'name', 'maxParcelGrams', 'boxTypes', 'slipGroup'], ['slipGroup.'])
const NO_GROUP = { code: '', name: '', pickupTime: '', dockLane: '' }

type Write = { code: string | null; body: AdminCarrierBody }

/** Edits a carrier, or adds one of the integrations the server has (carrier null). */
export function CarrierForm({
  carrier,
  boxTypes,
  onClose,
}: {
  carrier: AdminCarrier | null
  boxTypes: { value: string; label: string }[]
  onClose: () => void
}) {
  const [code, setCode] = useState('')
  const [name, setName] = useState(carrier?.name ?? '')
  const [maxParcelGrams, setMax] = useState<number | string>(carrier?.maxParcelGrams ?? 30_000)
  const [boxes, setBoxes] = useState<string[]>(carrier?.boxTypes ?? [])
  const [withGroup, setWithGroup] = useState(carrier ? carrier.slipGroup !== null : true)
  const [group, setGroup] = useState(carrier?.slipGroup ?? NO_GROUP)
  const write = useAdminWrite(
    ({ code: newCode, body }: Write) =>
      carrier
        ? callApi(adminCarrierUpdate, { params: { id: carrier.id }, body })
        : callApi(adminCarrierCreate, { body: { ...body, code: newCode ?? '' } }),
    {
      refresh: [adminKeys.carriers()],
      done: (saved) => (carrier ? adminText.saved(saved.name) : t.created(saved.name)),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const groupField = (key: keyof typeof NO_GROUP, label: string) => (
    <TextInput
      label={label}
      required
      value={group[key]}
      onChange={(e) => {
        const value = e.currentTarget.value
        setGroup((g) => ({ ...g, [key]: value }))
      }}
      error={problem.fields[`slipGroup.${key}`] ?? (key === 'code' ? problem.fields.slipGroup : undefined)}
    />
  )

  const submit = () => {
    const raw = { name, maxParcelGrams, boxTypes: boxes, slipGroup: withGroup ? group : null }
    if (carrier) {
      const body = check(adminCarrierBodySchema, raw)
      if (body) write.mutate({ code: null, body }, { onSuccess: onClose })
    } else {
      const created = check(adminCarrierCreate.body, { ...raw, code: code.trim().toLowerCase() })
      if (created) write.mutate({ code: created.code, body: created }, { onSuccess: onClose })
    }
  }

  return (
    <FormModal
      title={carrier ? t.editTitle(carrier.name) : t.addTitle}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      alert={problem.alert}
    >
      {carrier ? (
        <ServiceBadges services={carrier.services} />
      ) : (
        <TextInput
          label={t.code}
          description={t.codeHint}
          required
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={problem.fields.code}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t.name}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={problem.fields.name}
        />
        <NumberInput
          label={t.maxWeight}
          required
          min={1}
          allowDecimal={false}
          value={maxParcelGrams}
          onChange={setMax}
          error={problem.fields.maxParcelGrams}
        />
      </SimpleGrid>
      <MultiSelect
        label={t.boxTypes}
        data={boxTypes}
        value={boxes}
        onChange={setBoxes}
        searchable
        error={problem.fields.boxTypes}
      />
      <Fieldset legend={t.slipGroup}>
        <Stack gap="sm">
          <Checkbox
            label={t.withGroup}
            checked={withGroup}
            onChange={(e) => setWithGroup(e.currentTarget.checked)}
          />
          {withGroup ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {groupField('code', t.groupCode)}
              {groupField('name', t.groupName)}
              {groupField('pickupTime', t.pickupTime)}
              {groupField('dockLane', t.dock)}
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
