import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { shortPickListQuery } from '../api.ts'
import { orderInformationText as text } from '../text.ts'
import { SearchResults } from './search-results.tsx'

const t = text.hold

/** 'Manquants à décider' (issue 31): the orders a supervisor must decide, shown before any search. */
export function ShortPickList({ shop }: { shop?: string }) {
  const query = useQuery(shortPickListQuery(shop))
  if (query.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.listLoading}</Text>
      </Group>
    )
  if (query.isError)
    return (
      <Alert color="red" role="alert" p="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{query.error.message}</Text>
          <Button h={48} variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </Group>
      </Alert>
    )
  const { results, truncated } = query.data
  if (results.length === 0) return <Text c="dimmed">{t.listEmpty}</Text>
  return (
    <SearchResults
      title={t.listTitle(results.length)}
      results={results}
      truncated={truncated ? text.search.truncated : null}
      q=""
    />
  )
}
