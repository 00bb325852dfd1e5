import { Badge, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useInfiniteQuery } from '@tanstack/react-query'
import { type AdminShop, ORDER_STATUS_LABELS } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { shopOrdersQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { MorePages } from '../more-pages.tsx'

const t = adminText.shopOrders

/**
 * 'Commandes' of a shop (issue 33): its latest orders, newest first, each with where it came from
 * (the shop's API, a CSV import, the demo) and the shop's own reference beside the warehouse's name.
 */
export function ShopOrders({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)')
  const orders = useInfiniteQuery(shopOrdersQuery(shop.id))
  const list = orders.data?.pages.flat() ?? []
  return (
    <Modal opened onClose={onClose} title={t.title(shop.name)} fullScreen={phone} size="xl">
      <Stack gap="md">
        <Text size="sm">{t.help}</Text>
        {orders.isPending ? <Text c="dimmed">{adminText.loading}</Text> : null}
        {orders.isError && list.length === 0 ? (
          <Text c="red" role="alert">
            {adminText.loadFailed}
          </Text>
        ) : null}
        {orders.isSuccess && list.length === 0 ? <Text c="dimmed">{t.none}</Text> : null}
        {list.length > 0 ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <Table striped withTableBorder aria-label={t.title(shop.name)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.name}</Table.Th>
                  <Table.Th>{t.reference}</Table.Th>
                  <Table.Th>{t.source}</Table.Th>
                  <Table.Th>{t.status}</Table.Th>
                  <Table.Th>{t.created}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.name}</Table.Td>
                    <Table.Td>{order.reference ?? ''}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={order.source === 'demo' ? 'gray' : 'blue'}>
                        {t.sources[order.source]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{ORDER_STATUS_LABELS[order.status]}</Table.Td>
                    <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        ) : null}
        <MorePages pages={orders} label={t.more} failed={t.moreFailed} />
      </Stack>
    </Modal>
  )
}
