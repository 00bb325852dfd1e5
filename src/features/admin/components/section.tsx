import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { adminText } from '../text.ts'

/** A section of the admin area: its title, its 'add' button, and its list once loaded. */
export function Section<T>({
  title,
  query,
  action,
  failed,
  children,
}: {
  title: string
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>
  action?: ReactNode
  /** How a failed load reads (default: 'Impossible de charger cette liste.' and the error). */
  failed?: (message: string) => string
  children: (data: T) => ReactNode
}) {
  const message = query.error instanceof Error ? query.error.message : ''
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {action}
      </Group>
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <Alert color="red" role="alert" title={failed ? undefined : adminText.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failed ? failed(message) : message}</Text>
            <Button variant="light" size="xs" onClick={() => void query.refetch()}>
              {adminText.retry}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Loader role="status" aria-label={adminText.loading} />
      )}
    </Stack>
  )
}

/** A list of entities, one bordered row each, read by screen readers as a list. */
export function Rows({ children, empty }: { children: ReactNode[]; empty?: string }) {
  if (children.length === 0) return <Text c="dimmed">{empty ?? adminText.empty}</Text>
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  )
}

/** One entity: its name, what to know about it, and its buttons (wrapping under it on a phone). */
export function Row({
  title,
  details,
  actions,
}: {
  title: ReactNode
  details?: ReactNode
  actions: ReactNode
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {details}
        </Stack>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  )
}

/** The row's 'Modifier' button, named after its entity for screen readers and tests. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="light" size="xs" onClick={onClick} aria-label={adminText.edit(name)}>
      {adminText.editLabel}
    </Button>
  )
}
