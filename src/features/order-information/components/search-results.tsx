import { Alert, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { PICKING_TYPE_LABELS, type OrderSummary } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { foundBy } from '../model.ts'
import { orderInformationText as text } from '../text.ts'
import { StatusBadge } from './status-badge.tsx'

const t = text.search
/** Whole-card links: the card's own look, no underline. */
const rowLink = { color: 'inherit', textDecoration: 'none', display: 'block' } as const

function ResultCard({ order, q }: { order: OrderSummary; q: string }) {
  return (
    <Link
      to="/warehouse/order-information/$order"
      params={{ order: order.name }}
      search={{ q }}
      style={rowLink}
      aria-label={t.open(order.name)}
    >
      <Card withBorder padding="sm" data-testid="order-result">
        <Stack gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} c="blue" style={{ overflowWrap: 'anywhere' }}>
              {order.name}
            </Text>
            <StatusBadge status={order.status} />
          </Group>
          <Text size="sm">
            {order.shop.name} · {PICKING_TYPE_LABELS[order.pickingType]}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {order.customer.name}
            {order.customer.email ? ` · ${order.customer.email}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {[
              order.carrier?.name ?? text.detail.noCarrier,
              text.detail.units(order.units),
              formatDateTime(order.createdAt),
            ].join(' · ')}
          </Text>
          <Text size="sm" fw={500} data-testid="found-by" style={{ overflowWrap: 'anywhere' }}>
            {foundBy(order.match)}
          </Text>
        </Stack>
      </Card>
    </Link>
  )
}

/** The orders a search found, newest first, each opening its detail; a warning when the list is cut. */
export function SearchResults({
  title,
  results,
  truncated,
  q,
}: {
  title: string
  results: OrderSummary[]
  truncated: string | null
  q: string
}) {
  return (
    <Stack gap="xs">
      <Text fw={700} role="status">
        {title}
      </Text>
      {truncated ? (
        <Alert color="orange" p="xs" data-testid="truncated">
          {truncated}
        </Alert>
      ) : null}
      {results.map((order) => (
        <ResultCard key={`${order.shop.slug}/${order.name}`} order={order} q={q} />
      ))}
    </Stack>
  )
}
