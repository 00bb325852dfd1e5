import { Badge, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * One line of stock as every stock screen shows it: what (a product's name, or a location), a
 * detail under it (SKU, shop), and the quantity in a badge on the right.
 */
export function QuantityLine({
  title,
  detail,
  quantity,
  link = false,
}: {
  title: ReactNode
  detail?: ReactNode
  quantity: number
  /** Styled as a link (the line is wrapped in one by the screen). */
  link?: boolean
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={link ? 500 : undefined} c={link ? 'blue' : undefined}>
          {title}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </div>
      <Badge variant="light" color="gray" size="lg">
        {quantity}
      </Badge>
    </Group>
  )
}
