import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useState } from 'react'
import { messages } from '@/lib/messages'
import { usePrintLog } from '../api.ts'
import type { StoredPrintLogEntry } from '../model.ts'
import { PrintLogList } from './print-log-list.tsx'
import { printHistoryText } from '../text.ts'

const m = printHistoryText
const WIDE_QUERY = '(min-width: 48em)'

export interface PrintHistoryScreenProps {
  /** Asked from an entry's 'Réimprimer' button (busy until it settles); the route decides how the print happens. */
  onReprint: (entry: StoredPrintLogEntry) => void | Promise<void>
}

/** The print history of this device (docs/specification.md §1), newest first, 50 at a time, live as prints happen. */
export function PrintHistoryScreen({ onReprint }: PrintHistoryScreenProps) {
  const { data, status, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = usePrintLog()
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false }) ?? true
  // Good enough to flag links that have likely expired; the screen is not left open for hours.
  const [now] = useState(() => Date.now())

  if (status === 'pending') {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={m.loading} />
      </Center>
    )
  }
  if (status === 'error') {
    return (
      <Alert color="red" title={m.loadError}>
        <Button variant="light" color="red" mt="xs" onClick={() => void refetch()}>
          {messages.errors.retry}
        </Button>
      </Alert>
    )
  }
  const entries = data.pages.flat()
  if (entries.length === 0) return <Text c="dimmed">{m.empty}</Text>
  return (
    <Stack gap="md">
      <PrintLogList entries={entries} onReprint={onReprint} now={now} layout={wide ? 'table' : 'cards'} />
      {hasNextPage ? (
        <Center>
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {m.loadMore}
          </Button>
        </Center>
      ) : null}
    </Stack>
  )
}
