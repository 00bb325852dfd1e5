import { Button, Center, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A whole-screen text, for docs/specification.md §8's 'Une erreur est survenue…' states. */
/** inLayout: inside the dashboard (a guard), where the header and navigation stay usable. */
export function FullScreenMessage({
  text,
  action,
  inLayout,
}: {
  text: string
  action?: ReactNode
  inLayout?: boolean
}) {
  return (
    <Center mih={inLayout ? '60dvh' : '100dvh'} p="md">
      <Stack align="center" gap="md" maw={480}>
        <Text role="alert" ta="center" size="lg" fw={500}>
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  )
}

export function RetryButton({ onRetry, label }: { onRetry: () => void; label: string }) {
  return (
    <Button variant="light" onClick={onRetry}>
      {label}
    </Button>
  )
}
