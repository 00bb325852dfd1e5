import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import type { PickingSummary } from '@contract'
import { text as t } from '../text.ts'

/** 'Clôturer' confirmed: waits until every pick of the session has reached the server, then closes. */
export function ClosingCard({
  waiting,
  error,
  onResume,
  onRetry,
}: {
  /** Picks still to send (null: the outbox is being read). */
  waiting: number | null
  error: string | null
  onResume: () => void
  onRetry: () => void
}) {
  return (
    <Card withBorder padding="sm" data-testid="closing">
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        ) : (
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size="sm" />
            <Text fw={600}>{waiting !== null && waiting > 0 ? t.waiting(waiting) : t.closingNow}</Text>
          </Group>
        )}
        <Group grow gap="xs" wrap="nowrap">
          {error ? (
            <Button h={48} onClick={onRetry}>
              {t.retryClose}
            </Button>
          ) : null}
          <Button h={48} variant="default" onClick={onResume}>
            {t.resume}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text fz={28} fw={800} lh={1.1} c={color}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </div>
  )
}

/** The session's closing summary: units picked and short, tasks left, and what became of the orders. */
export function SummaryCard({ batch, summary }: { batch: string; summary: PickingSummary }) {
  return (
    <Card withBorder padding="sm" data-testid="summary">
      <Text fw={700} mb="xs" role="status">
        {t.closedTitle(batch)}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label={t.summaryPicked} value={summary.picked} color="green.9" />
        <Figure
          label={t.summaryShort}
          value={summary.short}
          color={summary.short > 0 ? 'red.8' : undefined}
        />
        <Figure
          label={t.summarySkipped}
          value={summary.skipped}
          color={summary.skipped > 0 ? 'orange.9' : undefined}
        />
        <Figure label={t.ordersPicked} value={summary.orders.picked} />
        <Figure
          label={t.ordersException}
          value={summary.orders.exception}
          color={summary.orders.exception > 0 ? 'red.8' : undefined}
        />
        <Figure label={t.ordersReleased} value={summary.orders.released} />
      </SimpleGrid>
      {/* The server names the crates of orders in exception, for the exceptions shelf (issue 31). */}
      {summary.message ? (
        <Text fw={600} mt="xs" data-testid="summary-message">
          {summary.message}
        </Text>
      ) : null}
    </Card>
  )
}
