import { Badge, Group, Text } from '@mantine/core'
import { Fragment, type ReactNode } from 'react'

/** A location or SKU ('A-01-01-01', 'ML-0001') must not break at its hyphens on a narrow screen. */
const KEEP = { whiteSpace: 'nowrap' } as const
const isCode = (node: ReactNode) => typeof node === 'string' && !/\s/.test(node)

/** 'ML-0001 · Maison Lumière': each part stays whole, the line may wrap between them. */
function keepParts(detail: ReactNode): ReactNode {
  if (typeof detail !== 'string') return detail
  return detail.split(' · ').map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? ' · ' : null}
      <span style={KEEP}>{part}</span>
    </Fragment>
  ))
}

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
        {/* A name wraps as text does; a single word is a code (a location) and stays whole. */}
        <Text
          size="sm"
          fw={link ? 500 : undefined}
          c={link ? 'blue' : undefined}
          style={isCode(title) ? KEEP : undefined}
        >
          {title}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {keepParts(detail)}
          </Text>
        ) : null}
      </div>
      <Badge variant="light" color="gray" size="lg">
        {quantity}
      </Badge>
    </Group>
  )
}
