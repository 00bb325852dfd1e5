import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { PICKING_TYPE_LABELS, type OrderDetail } from '@contract'
import type { ReactNode } from 'react'
import { formatDateTime, formatDay } from '@/lib/dates'
import { orderInformationText as text } from '../text.ts'
import { StatusBadge } from './status-badge.tsx'

const t = text.detail

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

const countryNames = new Intl.DisplayNames(['fr'], { type: 'region' })

/** The ship-to as a label writes it, the country named when abroad; one line each. */
function ShipTo({ address: a }: { address: OrderDetail['order']['shipTo'] }) {
  const lines = [
    a.company,
    a.line1,
    a.line2,
    a.line3,
    [a.postcode, a.city].filter(Boolean).join(' '),
    a.region,
    a.country === 'FR' ? undefined : (countryNames.of(a.country) ?? a.country),
    a.phone,
  ].filter((line): line is string => Boolean(line))
  return (
    <span data-testid="order-ship-to">
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </span>
  )
}

/** Who, what and when of the order: enough to answer a phone call without scrolling. */
export function DetailHeader({ order }: { order: OrderDetail['order'] }) {
  return (
    <Card withBorder padding="sm" data-testid="order-header">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {order.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[order.shop.name, PICKING_TYPE_LABELS[order.pickingType], t.units(order.units)].map(
                (part, i) => (
                  // Each part stays whole on a narrow screen ('1 article' never splits); the line wraps between.
                  <span key={i}>
                    {i > 0 ? ' · ' : null}
                    <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                  </span>
                ),
              )}
            </Text>
          </div>
          <StatusBadge status={order.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6}>
          <Field label={t.customer}>
            {order.customer.name}
            {order.customer.email ? (
              <>
                <br />
                {order.customer.email}
              </>
            ) : null}
          </Field>
          <Field label={t.shipTo}>
            <ShipTo address={order.shipTo} />
          </Field>
          <Field label={t.origin}>
            {t.sources[order.source]}
            {order.reference ? (
              <>
                <br />
                {t.reference(order.reference)}
              </>
            ) : null}
          </Field>
          <Field label={t.carrier}>{order.carrier?.name ?? t.noCarrier}</Field>
          <Field label={t.priority}>{order.priority}</Field>
          <Field label={t.shipBy}>{order.shipBy ? formatDay(order.shipBy) : '—'}</Field>
          <Field label={t.campaign}>{order.campaign ?? '—'}</Field>
          <Field label={t.created}>{formatDateTime(order.createdAt)}</Field>
        </SimpleGrid>
      </Stack>
    </Card>
  )
}
