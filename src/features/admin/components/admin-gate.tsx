import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ApiError } from '@/lib/http'
import { shopsQuery } from '../api.ts'
import { adminText } from '../text.ts'

/**
 * The server decides who is an administrator: the first list (the shops, which the user form needs
 * anyway) is asked before anything shows, and a 403 ('Réservé aux administrateurs.') is shown as a
 * page of its own. A 401 has already cleared the token, and the route sends the user to /login.
 */
export function AdminGate({ onLogout, children }: { onLogout: () => void; children: ReactNode }) {
  const probe = useQuery(shopsQuery())
  if (probe.data) return children
  if (probe.isPending)
    return <Loader role="status" aria-label={adminText.loading} mx="auto" display="block" />
  const refused = probe.error instanceof ApiError && probe.error.status === 403
  return (
    <Stack maw={520} mx="auto" mt="xl" gap="md">
      {refused ? <Title order={2}>{adminText.forbiddenTitle}</Title> : null}
      <Alert color={refused ? 'orange' : 'red'} role="alert">
        {probe.error instanceof Error ? probe.error.message : adminText.loadFailed}
      </Alert>
      <Group gap="xs">
        {refused ? (
          <>
            <Button component={Link} to="/">
              {adminText.backToApp}
            </Button>
            <Button variant="default" onClick={onLogout}>
              {adminText.logout}
            </Button>
          </>
        ) : (
          <Button variant="light" onClick={() => void probe.refetch()}>
            {adminText.retry}
          </Button>
        )}
      </Group>
    </Stack>
  )
}
