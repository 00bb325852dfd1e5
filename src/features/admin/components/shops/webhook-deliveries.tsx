import { Alert, Button, Code, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { adminWebhookRedeliver, type WebhookDelivery, type WebhookEndpoint } from '@contract'
import { useState } from 'react'
import { formatDateTime } from '@/lib/dates'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { useAdminWrite, webhookDeliveriesQuery } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { EVENT_LABELS } from '../../text-webhooks.ts'
import { MorePages } from '../more-pages.tsx'

const t = adminText.webhooks

/** A day ago, as a datetime-local field writes it (the browser's time). */
function dayAgo(): string {
  const at = new Date(Date.now() - 24 * 3600 * 1000)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * An endpoint's deliveries, newest first: the event, its state, its attempts, the last answer
 * (code, or why none came, and its first bytes); one sent again, or every abandoned one since a time.
 */
export function WebhookDeliveries({ shopId, webhook }: { shopId: number; webhook: WebhookEndpoint }) {
  const deliveries = useInfiniteQuery(webhookDeliveriesQuery(shopId, webhook.id))
  const [since, setSince] = useState(dayAgo)
  const redeliver = useAdminWrite(
    (body: { eventId?: string; failedSince?: string }) =>
      callApi(adminWebhookRedeliver, { params: { id: shopId, webhookId: webhook.id }, body }),
    {
      refresh: [adminKeys.webhookDeliveries(shopId, webhook.id)],
      done: (answer) => t.redelivered(answer.queued),
    },
  )
  const alert = formProblem(redeliver.error, () => false).alert
  const list = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? []

  return (
    <Stack gap="xs" pl="sm">
      <Group align="flex-end" gap="xs">
        <TextInput
          type="datetime-local"
          label={t.failedSince}
          value={since}
          onChange={(e) => setSince(e.currentTarget.value)}
        />
        <Button
          variant="default"
          onClick={() => redeliver.mutate({ failedSince: new Date(since).toISOString() })}
          disabled={!since}
        >
          {t.redeliverFailed}
        </Button>
      </Group>
      {alert ? (
        <Alert color="red" role="alert">
          {alert}
        </Alert>
      ) : null}
      {deliveries.isError && list.length === 0 ? (
        <Text c="red">{adminText.loadFailed}</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t.noDeliveries}</Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped withTableBorder aria-label={t.deliveries}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.event}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                <Table.Th>{t.attempts}</Table.Th>
                <Table.Th>{t.when}</Table.Th>
                <Table.Th>{t.answer}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  onRedeliver={() => redeliver.mutate({ eventId: d.eventId })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <MorePages pages={deliveries} label={t.more} failed={t.moreFailed} />
    </Stack>
  )
}

function DeliveryRow({ delivery: d, onRedeliver }: { delivery: WebhookDelivery; onRedeliver: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{EVENT_LABELS[d.type]}</Text>
        <Code>{d.eventId}</Code>
      </Table.Td>
      <Table.Td>
        {t.status(d.status)}
        {d.nextAttemptAt && d.attempts > 0 ? (
          <Text size="xs" c="dimmed">
            {t.next(formatDateTime(d.nextAttemptAt))}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{d.attempts}</Table.Td>
      <Table.Td>{d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—'}</Table.Td>
      <Table.Td>
        {d.lastStatus ?? d.lastError ?? '—'}
        {d.lastResponse ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {d.lastResponse}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {d.status === 'pending' ? null : (
          <Button
            size="xs"
            variant="default"
            onClick={onRedeliver}
            aria-label={`${t.redeliver} ${d.eventId}`}
          >
            {t.redeliver}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  )
}
