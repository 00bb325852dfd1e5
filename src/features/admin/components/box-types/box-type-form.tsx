import { NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import { adminBoxTypeBodySchema, adminBoxTypeCreate, adminBoxTypeUpdate, type AdminBoxType } from '@contract'
import { useState } from 'react'
import { callApi } from '@/lib/http'
import { fieldBinder } from '@/lib/ui/field-binder'
import { placedAt } from '@/lib/ui/use-form-problem'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { FormModal } from '../form-modal.tsx'
import { useAdminForm } from '../use-admin-form.ts'

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
const placed = placedAt('code', 'name', ...NUMBERS)

/** A number field's value: a number, or what is typed while it is not one yet (the schema says so). */
type Values = { code: string; name: string } & Record<NumberKey, number | string>
const EMPTY: Values = {
  code: '',
  name: '',
  innerLengthMm: '',
  innerWidthMm: '',
  innerHeightMm: '',
  tareGrams: '',
  maxWeightGrams: '',
}

export function BoxTypeForm({ box, onClose }: { box: AdminBoxType | null; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => box ?? EMPTY)
  const { problem, submit, modalProps } = useAdminForm<AdminBoxType>({
    refresh: [adminKeys.boxTypes()],
    done: (saved) => (box ? adminText.saved(saved.code) : t.created(saved.code)),
    placed,
    onClose,
  })
  const field = fieldBinder(values, setValues, problem.fields)
  const onSubmit = () => {
    const numbers = Object.fromEntries(NUMBERS.map((k) => [k, values[k] === '' ? undefined : values[k]]))
    submit(
      adminBoxTypeBodySchema,
      { code: values.code.trim().toUpperCase(), name: values.name, ...numbers },
      (body) =>
        box
          ? callApi(adminBoxTypeUpdate, { params: { id: box.id }, body })
          : callApi(adminBoxTypeCreate, { body }),
    )
  }
  return (
    <FormModal {...modalProps} title={box ? t.editTitle(box.code) : t.add} onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t.code} required autoCapitalize="characters" {...field.text('code')} />
        <TextInput label={t.name} required {...field.text('name')} />
        {NUMBERS.map((key) => (
          <NumberInput
            key={key}
            label={LABELS[key]}
            required
            min={0}
            allowDecimal={false}
            {...field.value(key)}
          />
        ))}
      </SimpleGrid>
    </FormModal>
  )
}
