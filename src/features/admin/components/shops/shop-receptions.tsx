import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { shopReceptionsQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { MorePages } from '../more-pages.tsx'

const t = adminText.receptionImport
const COLORS = { open: 'blue', completed: 'green', cancelled: 'gray' } as const

/** A shop's announced deliveries, newest first: when expected, their state, and what came of them. */
export function ShopReceptions({ shopId }: { shopId: number }) {
  const notices = useInfiniteQuery(shopReceptionsQuery(shopId))
  const list = notices.data?.pages.flat() ?? []
  return (
    <Stack gap="xs">
      <Text fw={600}>{t.list}</Text>
      {notices.isError && list.length === 0 ? <Text c="red">{adminText.loadFailed}</Text> : null}
      {notices.isSuccess && list.length === 0 ? <Text c="dimmed">{t.none}</Text> : null}
      {list.length > 0 ? (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withTableBorder aria-label={t.list}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.reference}</Table.Th>
                <Table.Th>{t.expectedDate}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                <Table.Th>{t.units}</Table.Th>
                <Table.Th>{t.source}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((notice) => (
                <Table.Tr key={notice.id}>
                  <Table.Td>{notice.reference}</Table.Td>
                  <Table.Td>{notice.expectedDate.split('-').reverse().join('/')}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={COLORS[notice.status]}>
                      {t.states[notice.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {notice.receivedUnits} / {notice.expectedUnits}
                  </Table.Td>
                  <Table.Td>{t.sources[notice.source]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
      <MorePages pages={notices} label={t.more} failed={t.moreFailed} />
    </Stack>
  )
}
