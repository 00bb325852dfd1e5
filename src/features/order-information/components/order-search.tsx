import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ScanField, type ScanHandler, type ScanVerdict } from '@/features/scanning'
import { orderSearchQuery } from '../api.ts'
import { checkSearch, orderToOpen, searchView } from '../model.ts'
import { orderInformationText as text } from '../text.ts'
import { SearchResults } from './search-results.tsx'
import { ShortPickList } from './short-pick-list.tsx'

const t = text.search

export interface OrderSearchProps {
  /** The search text of the URL (back, forward and a shared link show the same search). */
  q?: string
  /** One of the user's shops to search in; all of them when absent. */
  shop?: string
  /** The user's shops: a choice appears when there is more than one. */
  shops: { slug: string; name: string }[]
  /** Show this search (the route puts it in the URL). */
  onSearch: (search: { q: string; shop?: string }) => void
  /** A scan found exactly one order: open it at once. */
  onOpen: (order: string, search: { q: string; shop?: string }) => void
}

/** /warehouse/order-information: one field for whatever the worker has in hand, then the orders found. */
export function OrderSearch({ q, shop, shops, onSearch, onOpen }: OrderSearchProps) {
  const queryClient = useQueryClient()
  const checked = q === undefined ? null : checkSearch(q)
  const query = useQuery({
    ...orderSearchQuery(checked?.ok ? checked.q : '', shop),
    enabled: Boolean(checked?.ok),
  })
  const [failure, setFailure] = useState<{ q: string; message: string } | null>(null)
  const [searching, setSearching] = useState(false)
  const [prevSearch, setPrevSearch] = useState([q, shop])
  // Another search in the URL (back, a link, the shop): a failed scan's message no longer applies.
  if (prevSearch[0] !== q || prevSearch[1] !== shop) {
    setPrevSearch([q, shop])
    setFailure(null)
  }
  const view = searchView(q, query, failure)

  const search = async (typed: string): Promise<ScanVerdict> => {
    const next = { q: typed, shop }
    setSearching(true)
    try {
      // Asked again even if cached (the order may have moved on), and not retried in silence: the
      // worker is told at once and has the retry button.
      const answer = await queryClient.fetchQuery({
        ...orderSearchQuery(typed, shop),
        staleTime: 0,
        retry: false,
      })
      setFailure(null)
      const order = orderToOpen(answer)
      if (order) onOpen(order, next)
      else onSearch(next)
      return answer.results.length > 0 ? 'success' : 'error'
    } catch (error) {
      // Kept out of the URL: showing it would only ask the server again.
      setFailure({ q: typed, message: error instanceof Error ? error.message : text.unexpected })
      return 'error'
    } finally {
      setSearching(false)
    }
  }

  const onScan: ScanHandler = (scan) => {
    const typed = checkSearch(scan.text)
    if (typed.ok) return search(typed.q)
    setFailure(null)
    onSearch({ q: scan.text, shop })
    return 'error'
  }

  const retry = () => (failure ? void search(failure.q) : void query.refetch())

  return (
    <Stack gap="md" maw={760}>
      <ScanField
        label={t.field}
        placeholder={t.placeholder}
        description={t.description}
        onScan={onScan}
        error={view.kind === 'invalid' ? view.message : undefined}
      />
      {shops.length > 1 ? (
        <NativeSelect
          label={t.shop}
          value={shop ?? ''}
          onChange={(event) => onSearch({ q: q ?? '', shop: event.currentTarget.value || undefined })}
          data={[{ value: '', label: t.allShops }, ...shops.map((s) => ({ value: s.slug, label: s.name }))]}
        />
      ) : null}
      {view.kind === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{view.message}</Text>
        </Group>
      ) : null}
      {view.kind === 'error' ? (
        <Alert color="red" role="alert" p="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{view.message}</Text>
            <Button h={48} variant="default" loading={searching || query.isFetching} onClick={retry}>
              {text.retry}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {view.kind === 'none' ? (
        <Text role="status" fw={500}>
          {view.message}
        </Text>
      ) : null}
      {/* Before any search: the short picks waiting for a supervisor's decision (issue 31). */}
      {view.kind === 'idle' ? <ShortPickList shop={shop} /> : null}
      {view.kind === 'results' ? (
        <SearchResults title={view.title} results={view.results} truncated={view.truncated} q={q ?? ''} />
      ) : null}
    </Stack>
  )
}
