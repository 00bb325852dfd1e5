import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { flowText as t } from '../text.ts'
import { QuantityStepper } from './quantity-stepper.tsx'

export interface FlowLine {
  id: string
  title: string
  /** SKU, EAN… under the title. */
  detail?: string
  /** A remark in italics ('non vérifié (hors ligne)'). */
  note?: string
  quantity: number
  /** The least allowed (1; 0 for a count). */
  min?: number
  max: number
  /** The server's refusal of this line, next to it. */
  error?: string
}

export interface LineListProps<L extends FlowLine> {
  lines: L[]
  disabled?: boolean
  onQuantity: (id: string, quantity: number) => void
  onRemove?: (id: string) => void
  /** More controls under a line (e.g. its location). */
  extra?: (line: L) => ReactNode
  onTapped?: () => void
}

/** The lines a flow will write, each with its stepper, its removal and its own error. */
export function LineList<L extends FlowLine>({
  lines,
  disabled,
  onQuantity,
  onRemove,
  extra,
  onTapped,
}: LineListProps<L>) {
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Card
          key={line.id}
          withBorder
          padding="xs"
          data-testid="flow-line"
          style={line.error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {line.title}
              </Text>
              {line.detail ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {line.detail}
                </Text>
              ) : null}
              {line.note ? (
                <Text size="sm" c="dimmed" fs="italic">
                  {line.note}
                </Text>
              ) : null}
            </div>
            {onRemove ? (
              <ActionIcon
                size={48}
                variant="subtle"
                color="red"
                aria-label={t.remove(line.title)}
                disabled={disabled}
                onClick={() => {
                  onRemove(line.id)
                  onTapped?.()
                }}
              >
                <IconTrash size={20} />
              </ActionIcon>
            ) : null}
          </Group>
          <Group justify="space-between" wrap="wrap" mt={6} gap="xs">
            {extra ? extra(line) : <span />}
            <QuantityStepper
              name={line.title}
              quantity={line.quantity}
              min={line.min}
              max={line.max}
              disabled={disabled}
              onChange={(quantity) => onQuantity(line.id, quantity)}
              onTapped={onTapped}
            />
          </Group>
          {line.error ? (
            <Text size="sm" c="red" mt={4} role="alert">
              {line.error}
            </Text>
          ) : null}
        </Card>
      ))}
    </Stack>
  )
}
