import { NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import {
  adminBoxTypeBodySchema,
  adminBoxTypeCreate,
  adminBoxTypeUpdate,
  type AdminBoxType,
  type AdminBoxTypeBody,
} from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { paths, useFormProblem } from '../use-form-problem.ts'

const t = adminText.boxTypes
const NUMBERS = ['innerLengthMm', 'innerWidthMm', 'innerHeightMm', 'tareGrams', 'maxWeightGrams'] as const
type NumberKey = (typeof NUMBERS)[number]
const LABELS: Record<NumberKey, string> = {
  innerLengthMm: t.length,
  innerWidthMm: t.width,
  innerHeightMm: t.height,
  tareGrams: t.tare,
  maxWeightGrams: t.maxWeight,
}
const placed = paths(['code', 'name', ...NUMBERS])

/** A number field's value: a number, or what is typed while it is not one yet (the schema says so). */
type Values = { code: string; name: string } & Record<NumberKey, number | string>

export function BoxTypeForm({ box, onClose }: { box: AdminBoxType | null; onClose: () => void }) {
  const [values, setValues] = useState<Values>(
    () =>
      box ?? {
        code: '',
        name: '',
        innerLengthMm: '',
        innerWidthMm: '',
        innerHeightMm: '',
        tareGrams: '',
        maxWeightGrams: '',
      },
  )
  const write = useAdminWrite(
    (body: AdminBoxTypeBody) =>
      box
        ? callApi(adminBoxTypeUpdate, { params: { id: box.id }, body })
        : callApi(adminBoxTypeCreate, { body }),
    {
      refresh: [adminKeys.boxTypes()],
      done: (saved) => (box ? adminText.saved(saved.code) : t.created(saved.code)),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const set = (key: keyof Values, value: number | string) => setValues((v) => ({ ...v, [key]: value }))
  const submit = () => {
    const { code, name } = values
    const numbers = Object.fromEntries(NUMBERS.map((k) => [k, values[k] === '' ? undefined : values[k]]))
    const body = check(adminBoxTypeBodySchema, { code: code.trim().toUpperCase(), name, ...numbers })
    if (body) write.mutate(body, { onSuccess: onClose })
  }
  return (
    <FormModal
      title={box ? t.editTitle(box.code) : t.add}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      alert={problem.alert}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t.code}
          required
          autoCapitalize="characters"
          value={values.code}
          onChange={(e) => set('code', e.currentTarget.value)}
          error={problem.fields.code}
        />
        <TextInput
          label={t.name}
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={problem.fields.name}
        />
        {NUMBERS.map((key) => (
          <NumberInput
            key={key}
            label={LABELS[key]}
            required
            min={0}
            allowDecimal={false}
            value={values[key]}
            onChange={(value) => set(key, value)}
            error={problem.fields[key]}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  )
}
