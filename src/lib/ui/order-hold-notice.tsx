/**
 * Why an order is in exception and where it is decided (issue 31): one notice that 'Colis' and
 * 'Information commande' both show, with the server's reason and, for a short pick, the crate on
 * the exceptions shelf. Each screen gives its title and what the worker can do there (children).
 */
import { Alert, Stack, Text } from '@mantine/core'
import type { OrderHold } from '@contract'
import type { ReactNode } from 'react'
import { messages } from '@/lib/messages'

export function OrderHoldNotice({
  hold,
  title,
  testId,
  children,
}: {
  /** Absent: an order in exception whose hold was not read (the notice says only what to do). */
  hold: OrderHold | null | undefined
  title: string
  testId: string
  children: ReactNode
}) {
  return (
    <Alert color="orange" title={title} data-testid={testId}>
      <Stack gap="xs">
        {hold ? (
          <Text size="sm" fw={600}>
            {hold.reason}
          </Text>
        ) : null}
        {hold?.kind === 'short_pick' && hold.tote ? (
          <Text size="sm">{messages.orderHold.tote(hold.tote)}</Text>
        ) : null}
        {children}
      </Stack>
    </Alert>
  )
}
