import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import '@mantine/core/styles/Table.css'
import { useState } from 'react'
import { linkMayHaveExpired, type StoredPrintLogEntry } from '../model.ts'
import { printHistoryText } from '../text.ts'

const m = printHistoryText

export interface PrintLogListProps {
  entries: readonly StoredPrintLogEntry[]
  onReprint: (entry: StoredPrintLogEntry) => void | Promise<void>
  /** When the list was drawn (ms), to flag document links that have likely expired. */
  now: number
  /** A table on wide screens, stacked cards on a handheld. */
  layout: 'table' | 'cards'
}

function TypeBadge({ type }: { type: string }) {
  if (!type) return <Text c="dimmed">{m.noType}</Text>
  return (
    <Badge variant="light" tt="none">
      {type}
    </Badge>
  )
}

function OpenLink({ entry, now }: { entry: StoredPrintLogEntry; now: number }) {
  if (!entry.link) return null
  const expired = linkMayHaveExpired(entry, now)
  return (
    <Button
      component="a"
      href={entry.link}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      size="compact-sm"
      h={48}
      aria-label={m.openLabel(entry.name)}
      title={expired ? m.linkMayHaveExpired : undefined}
      c={expired ? 'dimmed' : undefined}
    >
      {m.open}
    </Button>
  )
}

function ReprintButton({
  entry,
  onReprint,
}: {
  entry: StoredPrintLogEntry
  onReprint: (e: StoredPrintLogEntry) => void | Promise<void>
}) {
  // Busy while the reprint runs (a fresh link, then the agent): a second tap would print twice.
  const [busy, setBusy] = useState(false)
  const reprint = () => {
    setBusy(true)
    void Promise.resolve(onReprint(entry)).finally(() => setBusy(false))
  }
  return (
    <Button
      variant="light"
      size="compact-sm"
      h={48}
      aria-label={m.reprintLabel(entry.name)}
      loading={busy}
      onClick={reprint}
    >
      {m.reprint}
    </Button>
  )
}

/** The history's lines, newest first as given. */
export function PrintLogList({ entries, onReprint, now, layout }: PrintLogListProps) {
  if (layout === 'cards') {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} aria-label={m.title} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Card key={entry.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
              <TypeBadge type={entry.type} />
            </Group>
            <Text size="sm" c="dimmed">
              {entry.date}
            </Text>
            <Group gap="xs" mt="xs">
              <ReprintButton entry={entry} onReprint={onReprint} />
              <OpenLink entry={entry} now={now} />
            </Group>
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <Table striped highlightOnHover withTableBorder aria-label={m.title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{m.date}</Table.Th>
          <Table.Th>{m.name}</Table.Th>
          <Table.Th>{m.type}</Table.Th>
          <Table.Th>{m.link}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{m.actions}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.date}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.name}</Table.Td>
            <Table.Td>
              <TypeBadge type={entry.type} />
            </Table.Td>
            <Table.Td>
              <OpenLink entry={entry} now={now} />
            </Table.Td>
            <Table.Td ta="right">
              <ReprintButton entry={entry} onReprint={onReprint} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
