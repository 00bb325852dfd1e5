import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { ActionIcon, Card, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core'
import type { OrderTracking } from '@contract'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { QuantityStepper } from '@/features/scanning'
import { estimateOf, maxOf, parcelTitle, quantityIn, weightWarning, type EditParcel } from '../model.ts'
import { text as t } from '../text.ts'

export interface ParcelEditorProps {
  view: OrderTracking
  parcel: EditParcel
  /** Per order line, the picked units in no parcel (model.ts unpackedUnits). */
  unpacked: ReadonlyMap<number, number>
  disabled: boolean
  /** The server's refusals of this parcel's fields ('boxType', 'weightGrams'). */
  errors: Record<string, string>
  onBox: (boxType: string) => void
  onWeight: (grams: number | null) => void
  onUnits: (orderLine: number, quantity: number) => void
  onRemove: () => void
  onTapped: () => void
}

/** One open parcel being changed: its box, its weight (typed in grams), and its units, moved in and out. */
export function ParcelEditor(props: ParcelEditorProps) {
  const { view, parcel, unpacked, disabled, errors, onBox, onWeight, onUnits, onRemove, onTapped } = props
  // What is typed shows at once; the model (rendered in a transition) follows.
  const [typed, setTyped] = useState<number | string>(parcel.weightGrams ?? '')
  const title = parcelTitle(parcel)
  const estimated = estimateOf(view, parcel)
  const max = maxOf(view, parcel.boxType)
  const grams = parcel.weightGrams ?? estimated
  const over = grams !== null && max !== null && grams > max ? t.overMax(grams, max) : null
  const warning = weightWarning(parcel.weightGrams, estimated)
  // The lines it holds, and those with units still out of any parcel (which it may take).
  const lines = view.lines.filter(
    (l) => quantityIn(parcel, l.orderLine) > 0 || (unpacked.get(l.orderLine) ?? 0) > 0,
  )
  return (
    <Card withBorder padding="sm" data-testid="parcel-edit" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{title}</Text>
          <ActionIcon
            size={48}
            variant="subtle"
            color="red"
            aria-label={t.removeParcel(title)}
            disabled={disabled}
            onClick={onRemove}
          >
            <IconTrash size={20} />
          </ActionIcon>
        </Group>
        <NativeSelect
          label={t.box}
          value={parcel.boxType}
          disabled={disabled}
          error={errors.boxType}
          onChange={(event) => onBox(event.currentTarget.value)}
          data={view.boxTypes.map((b) => ({ value: b.code, label: t.boxOf(b.name, b.code) }))}
          size="md"
        />
        <NumberInput
          label={t.weight}
          description={t.weightHint}
          value={typed}
          onChange={(value) => {
            setTyped(value)
            onWeight(typeof value === 'number' && Number.isFinite(value) ? value : null)
          }}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          disabled={disabled}
          error={errors.weightGrams}
          size="md"
        />
        <Text size="sm" c="dimmed">
          {[estimated === null ? null : t.estimated(estimated), max === null ? null : t.max(max)]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {over ? (
          <Text size="sm" c="red.8" role="alert">
            {over}
          </Text>
        ) : null}
        {warning ? (
          <Text size="sm" c="orange.9" role="status">
            {warning}
          </Text>
        ) : null}
        {lines.map((line) => {
          const inParcel = quantityIn(parcel, line.orderLine)
          return (
            <Group key={line.orderLine} justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {line.product.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.unpacked(unpacked.get(line.orderLine) ?? 0)}
                </Text>
              </div>
              <QuantityStepper
                name={t.inParcel(line.product.name)}
                quantity={inParcel}
                min={0}
                max={inParcel + (unpacked.get(line.orderLine) ?? 0)}
                disabled={disabled}
                onChange={(quantity) => onUnits(line.orderLine, quantity)}
                onTapped={onTapped}
              />
            </Group>
          )
        })}
      </Stack>
    </Card>
  )
}
