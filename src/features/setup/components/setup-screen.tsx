import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { setupStatusQuery } from '../status.ts'
import { setupText } from '../text.ts'
import { AlreadySetUp } from './already-set-up.tsx'
import { FirstAdminForm } from './first-admin-form.tsx'

/**
 * /setup: the first administrator of a new site, while it has no user at all; once it has, the
 * way to the sign-in page. `onCreated` runs once the new administrator's token is stored.
 */
export function SetupScreen({ onCreated }: { onCreated: () => void }) {
  const status = useQuery(setupStatusQuery())
  let content: ReactNode
  if (status.isPending) content = <Loader role="status" aria-label={setupText.checking} mx="auto" />
  else if (status.isError)
    content = (
      <Alert color="red" role="alert" title={setupText.statusFailed}>
        <Button variant="light" onClick={() => void status.refetch()}>
          {setupText.retry}
        </Button>
      </Alert>
    )
  else if (!status.data.needsFirstAdmin) content = <AlreadySetUp />
  else content = <FirstAdminForm onCreated={onCreated} />

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h3">
              {setupText.title}
            </Title>
            <Text c="dimmed" size="sm">
              {setupText.intro}
            </Text>
          </Stack>
          {content}
        </Stack>
      </Paper>
    </Center>
  )
}
