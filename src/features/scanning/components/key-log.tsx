import { Table, Text } from '@mantine/core'
import '@mantine/core/styles/Table.css'

export interface KeyRecord {
  id: number
  key: string
  time: number
  gap: number | null
}

/** The last key events with their timing, newest first: what a scanner really sends. */
export function KeyLog({ records }: { records: KeyRecord[] }) {
  if (!records.length) return <Text c="dimmed">Aucune touche reçue pour l'instant.</Text>
  return (
    <Table striped withTableBorder fz="sm" aria-label="Touches reçues">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Touche</Table.Th>
          <Table.Th ta="right">Écart (ms)</Table.Th>
          <Table.Th ta="right">Instant (ms)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td ff="monospace">{r.key === ' ' ? '␣' : r.key}</Table.Td>
            <Table.Td ta="right">{r.gap === null ? '—' : r.gap.toFixed(1)}</Table.Td>
            <Table.Td ta="right">{r.time.toFixed(1)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
