import '@mantine/core/styles/NumberInput.css'
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ShipmentOrder } from '@contract'
import { estimateOf, offEstimate } from '../multi.ts'
import type { DeviceParcel } from '../state.ts'
import { text as t } from '../text.ts'

export interface ParcelEditorProps {
  order: ShipmentOrder
  parcel: DeviceParcel
  /** The model's active field is the weight: it takes the focus. */
  weighNow: boolean
  disabled: boolean
  onBox: (box: string) => void
  onWeight: (grams: number | null) => void
  onConfirmWeight: () => void
  onTapped: () => void
}

/**
 * The parcel being filled: its box (tap one, or scan its code), its weight typed in grams with the
 * estimate beside it, and « Vérifiez le colis » when the scale is more than 10 % off the estimate.
 */
export function ParcelEditor(props: ParcelEditorProps) {
  const { order, parcel, weighNow, disabled, onBox, onWeight, onConfirmWeight, onTapped } = props
  const input = useRef<HTMLInputElement>(null)
  // Typed here (null: nothing typed, the parcel's weight shows), given to the model on Enter or
  // when the field is left: not at each key, which would move the focus away after the first digit.
  const [typed, setTyped] = useState<string | number | null>(null)
  const value = typed ?? parcel.weight ?? ''
  useEffect(() => {
    if (weighNow) input.current?.focus()
  }, [weighNow])
  const estimate = estimateOf(order, parcel)
  const commit = () => {
    const grams = value === '' ? null : Number(value)
    setTyped(null)
    if (grams !== parcel.weight)
      onWeight(grams !== null && Number.isInteger(grams) && grams > 0 ? grams : null)
  }
  const warn = parcel.weight !== null && offEstimate(parcel.weight, estimate.grams)
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t.box}
        </Text>
        <Group gap="xs">
          {order.boxTypes.map((box) => (
            <Button
              key={box.code}
              h={48}
              px="sm"
              variant={parcel.box === box.code ? 'filled' : 'default'}
              aria-pressed={parcel.box === box.code}
              disabled={disabled}
              onClick={() => {
                onBox(box.code)
                onTapped()
              }}
            >
              {t.boxOption(box.name, box.maxWeightGrams)}
            </Button>
          ))}
        </Group>
      </div>
      <NumberInput
        ref={input}
        label={t.weight}
        description={estimate.grams > 0 ? t.estimate(estimate.grams, estimate.withBox) : undefined}
        value={value}
        onChange={setTyped}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={disabled}
        size="md"
        maw={240}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          commit()
          onTapped()
        }}
      />
      {warn ? (
        <Alert color="orange" role="alert" title={t.checkParcel} p="xs">
          <Stack gap={6}>
            <Text size="sm">{t.checkParcelDetail(parcel.weight ?? 0, estimate.grams)}</Text>
            {parcel.weightChecked ? (
              <Text size="sm" fw={700}>
                {t.weightChecked}
              </Text>
            ) : (
              <Button
                h={48}
                color="orange"
                disabled={disabled}
                onClick={() => {
                  onConfirmWeight()
                  onTapped()
                }}
              >
                {t.confirmWeight}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  )
}
