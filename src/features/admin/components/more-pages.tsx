import { Button, Group, Text } from '@mantine/core'

/** What MorePages reads of an infinite query (TanStack's useInfiniteQuery result). */
interface Pages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: Error | null
  fetchNextPage: () => Promise<unknown>
}

/**
 * 'Plus' under a list read page by page (the history, a shop's orders, deliveries): the next page,
 * and when it fails, why, beside the button that tries again; nothing once the last page is in.
 */
export function MorePages({
  pages,
  label,
  failed,
}: {
  pages: Pages
  label: string
  failed: (detail: string) => string
}) {
  if (!pages.hasNextPage) return null
  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
        {label}
      </Button>
      {pages.isFetchNextPageError && !pages.isFetchingNextPage ? (
        <Text c="red" size="sm" role="alert">
          {failed(pages.error?.message ?? '')}
        </Text>
      ) : null}
    </Group>
  )
}
