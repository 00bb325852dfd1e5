import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { LoginForm } from '@/features/auth'
// The offer alone: the feature's index brings the /setup screen and its zod checks.
import { FirstAdminOffer } from '@/features/setup/components/first-admin-offer'
import { messages } from '@/lib/messages'
import { firstScreenShown } from '@/lib/ui/toast'
import { InsecureNotice } from './layout/insecure-notice.tsx'
import { Logo } from './layout/logo.tsx'

export function LoginScreen({ onSignedIn }: { onSignedIn: () => void }) {
  useEffect(() => firstScreenShown(), [])
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Logo variant="full" disabledLink />
            <Title order={1} fz="h3" mt="sm">
              {messages.login.title}
            </Title>
            <Text c="dimmed" size="sm">
              {messages.login.subtitle}
            </Text>
          </Stack>
          <InsecureNotice compact />
          <LoginForm onSignedIn={onSignedIn} />
          <FirstAdminOffer />
        </Stack>
      </Paper>
    </Center>
  )
}
