import { Alert, Badge, Button, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { adminShopPlatformReplay, type PlatformDelivery } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { formProblem } from '@/lib/forms'
import { callApi } from '@/lib/http'
import { platformDeliveriesQuery, useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { MorePages } from '../more-pages.tsx'

const t = adminText.platform

const COLORS: Record<PlatformDelivery['result'], string> = {
  created: 'green',
  unchanged: 'gray',
  cancelled: 'orange',
  ignored: 'gray',
  refused: 'red',
}

/** What the store's webhooks became, newest first; a refused or ignored one read again. */
export function PlatformDeliveries({ shopId }: { shopId: number }) {
  const deliveries = useInfiniteQuery(platformDeliveriesQuery(shopId))
  const replay = useAdminWrite(
    (d: PlatformDelivery) => callApi(adminShopPlatformReplay, { params: { id: shopId, deliveryId: d.id } }),
    { refresh: [adminKeys.platformDeliveries(shopId)], done: (again) => t.replayed(again.result) },
  )
  const alert = formProblem(replay.error, () => false).alert
  const list = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? []
  return (
    <Stack gap="xs">
      <Text fw={600}>{t.deliveries}</Text>
      {alert ? (
        <Alert color="red" role="alert">
          {alert}
        </Alert>
      ) : null}
      {deliveries.isError && list.length === 0 ? (
        <Text c="red">{adminText.loadFailed}</Text>
      ) : deliveries.isSuccess && list.length === 0 ? (
        <Text c="dimmed">{t.noDeliveries}</Text>
      ) : null}
      {list.length > 0 ? (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped withTableBorder aria-label={t.deliveries}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.when}</Table.Th>
                <Table.Th>{t.topic}</Table.Th>
                <Table.Th>{t.order}</Table.Th>
                <Table.Th>{t.result}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{formatDateTime(d.at)}</Table.Td>
                  <Table.Td>{d.topic}</Table.Td>
                  <Table.Td>
                    {d.reference ?? d.platformOrderId ?? '—'}
                    {d.order ? (
                      <Text size="xs" c="dimmed">
                        {d.order}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[d.result]} variant="light">
                      {t.results[d.result]}
                    </Badge>
                    {d.reason ? <Text size="xs">{d.reason}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    {d.result === 'refused' || d.result === 'ignored' ? (
                      <Button
                        size="xs"
                        variant="default"
                        loading={replay.isPending && replay.variables?.id === d.id}
                        onClick={() => replay.mutate(d)}
                        aria-label={t.replayLabel(d.topic, d.reference ?? d.platformOrderId ?? '')}
                      >
                        {t.replay}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
      <MorePages pages={deliveries} label={t.more} failed={t.moreFailed} />
    </Stack>
  )
}
