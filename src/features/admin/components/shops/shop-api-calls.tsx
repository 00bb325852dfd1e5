import { Code, ScrollArea, Table, Text } from '@mantine/core'
import type { ShopApiCall } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { adminText } from '../../text.ts'

const t = adminText.shopKeys

/** The calls made with the shop's keys, newest first: who (the key's label), what, and the answer. */
export function CallList({ calls }: { calls: readonly ShopApiCall[] }) {
  if (calls.length === 0) return <Text c="dimmed">{t.noCalls}</Text>
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped withTableBorder aria-label={t.calls}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.when}</Table.Th>
            <Table.Th>{t.key}</Table.Th>
            <Table.Th>{t.call}</Table.Th>
            <Table.Th>{t.answer}</Table.Th>
            <Table.Th>{t.duration}</Table.Th>
            <Table.Th>{t.orders}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <Table.Tr key={call.id}>
              <Table.Td>{formatDateTime(call.at)}</Table.Td>
              <Table.Td>{call.key}</Table.Td>
              <Table.Td>
                <Code>
                  {call.method} {call.path}
                </Code>
              </Table.Td>
              <Table.Td>{call.status}</Table.Td>
              <Table.Td>{t.ms(call.ms)}</Table.Td>
              <Table.Td>{call.refs.join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
