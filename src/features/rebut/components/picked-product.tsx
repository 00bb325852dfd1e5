import '@mantine/core/styles/NumberInput.css'
import { ActionIcon, Card, NumberInput, Text } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { MAX_LINE_QUANTITY } from '@contract'
import type { Picked } from '../model.ts'
import { text as t } from '../text.ts'

interface PickedProductProps {
  product: Picked
  quantity: number | string
  /** Why the quantity cannot be sent (the model's check, or the server's refusal of it). */
  error?: string
  disabled?: boolean
  onType: (value: number | string) => void
  onStep: (by: 1 | -1) => void
  /** After a tap or Enter: the focus goes back to the scan field. */
  onDone: () => void
}

/**
 * The product to scrap and its quantity: −, the typed value, + (48 px targets). Every keystroke
 * reaches the model, which refuses a value beyond the location's stock with a message under the
 * field instead of lowering it.
 */
export function PickedProduct({
  product,
  quantity,
  error,
  disabled,
  onType,
  onStep,
  onDone,
}: PickedProductProps) {
  const value = typeof quantity === 'number' ? quantity : 0
  const step = (by: 1 | -1) => {
    onStep(by)
    onDone()
  }
  const button = (by: 1 | -1, off: boolean) => (
    <ActionIcon
      size={48}
      variant="default"
      aria-label={by > 0 ? t.increase : t.decrease}
      disabled={disabled || off}
      onClick={() => step(by)}
    >
      {by > 0 ? <IconPlus size={20} /> : <IconMinus size={20} />}
    </ActionIcon>
  )
  return (
    <Card withBorder padding="sm">
      <Text fw={600}>{product.name}</Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {product.code}
      </Text>
      <Text size="sm" c="dimmed" fs={product.max === null ? 'italic' : undefined}>
        {product.max === null ? t.productUnverified : t.inLocation(product.max)}
      </Text>
      <NumberInput
        label={t.quantity}
        value={quantity}
        onChange={onType}
        error={error}
        disabled={disabled}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        size="xl"
        w={220}
        mt="xs"
        leftSection={button(-1, value <= 1)}
        leftSectionWidth={56}
        leftSectionPointerEvents="all"
        rightSection={button(1, value >= (product.max ?? MAX_LINE_QUANTITY))}
        rightSectionWidth={56}
        rightSectionPointerEvents="all"
        styles={{ input: { textAlign: 'center' } }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onDone()
          }
        }}
      />
    </Card>
  )
}
