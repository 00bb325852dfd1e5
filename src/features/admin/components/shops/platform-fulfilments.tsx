import { Alert, Badge, Button, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { adminShopPlatformFulfilmentResend, type PlatformFulfilment } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { platformFulfilmentsQuery, useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { MorePages } from '../more-pages.tsx'

const t = adminText.fulfilment

const COLORS: Record<PlatformFulfilment['status'], string> = {
  pending: 'blue',
  sent: 'green',
  refused: 'orange',
  failed: 'red',
}

/**
 * The shipments sent back to the shop's store (docs/platforms.md, 'Shipments sent back'), newest
 * first, with the platform's last answer; one not sent yet, refused or given up is sent again now.
 */
export function PlatformFulfilments({ shopId }: { shopId: number }) {
  const fulfilments = useInfiniteQuery(platformFulfilmentsQuery(shopId))
  const resend = useAdminWrite(
    (f: PlatformFulfilment) =>
      callApi(adminShopPlatformFulfilmentResend, { params: { id: shopId, orderId: f.orderId } }),
    { refresh: [adminKeys.platformFulfilments(shopId)], done: (row) => t.resent(row.order) },
  )
  const alert = formProblem(resend.error, () => false).alert
  const list = fulfilments.data?.pages.flatMap((page) => page.fulfilments) ?? []
  return (
    <Stack gap="xs">
      <Text fw={600}>{t.list}</Text>
      {alert ? (
        <Alert color="red" role="alert">
          {alert}
        </Alert>
      ) : null}
      {fulfilments.isError && list.length === 0 ? (
        <Text c="red">{adminText.loadFailed}</Text>
      ) : fulfilments.isSuccess && list.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : null}
      {list.length > 0 ? (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped withTableBorder aria-label={t.list}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.shippedAt}</Table.Th>
                <Table.Th>{t.order}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                <Table.Th>{t.attempts}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((f) => (
                <Table.Tr key={f.orderId}>
                  <Table.Td>{formatDateTime(f.shippedAt)}</Table.Td>
                  <Table.Td>
                    {f.order}
                    <Text size="xs" c="dimmed">
                      {t.platformOrder(f.platformOrderId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[f.status]} variant="light">
                      {t.states[f.status]}
                    </Badge>
                    {f.error ? <Text size="xs">{f.error}</Text> : null}
                    {f.sentAt ? (
                      <Text size="xs" c="dimmed">
                        {t.sentAt(formatDateTime(f.sentAt))}
                      </Text>
                    ) : f.nextAttemptAt && f.status === 'pending' ? (
                      <Text size="xs" c="dimmed">
                        {t.nextAttemptAt(formatDateTime(f.nextAttemptAt))}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{f.attempts}</Table.Td>
                  <Table.Td>
                    {f.status === 'sent' ? null : (
                      <Button
                        size="xs"
                        variant="default"
                        loading={resend.isPending && resend.variables?.orderId === f.orderId}
                        onClick={() => resend.mutate(f)}
                        aria-label={t.resendLabel(f.order)}
                      >
                        {t.resend}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
      <MorePages pages={fulfilments} label={t.more} failed={t.moreFailed} />
    </Stack>
  )
}
