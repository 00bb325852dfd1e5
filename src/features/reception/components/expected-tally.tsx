import { Alert, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core'
import type { TallyRow, TallyState } from '../expected.ts'
import { text as t } from '../text.ts'

interface ExpectedTallyProps {
  reference: string
  /** The figures (expected.ts tallyOf), or null while the notice was never read. */
  rows: TallyRow[] | null
  /** The notice is being read for the first time. */
  loading: boolean
  /** The delivery is no longer open, as the server last said (expected.ts choiceProblem). */
  problem: string | null
}

const color: Record<TallyState, string> = {
  short: 'orange',
  complete: 'green',
  over: 'red',
  unexpected: 'grape',
}

const badgeText = (row: TallyRow) => {
  const difference = row.received - (row.expected ?? 0)
  switch (row.state) {
    case 'short':
      return t.state.short(-difference)
    case 'over':
      return t.state.over(difference)
    default:
      return t.state[row.state]()
  }
}

/** Expected / received per product of the chosen delivery, as the units come in. */
export function ExpectedTally({ reference, rows, loading, problem }: ExpectedTallyProps) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb={4}>
        {t.tallyTitle(reference)}
      </Text>
      {problem ? (
        <Alert color="orange" p="xs" mb="xs" role="alert">
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : null}
      {rows === null ? (
        loading ? (
          <Loader size="sm" />
        ) : problem ? null : (
          <Text size="sm" c="dimmed">
            {t.noticeUnknown}
          </Text>
        )
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => {
            const pending = t.tallyPending(row.open, row.waiting)
            return (
              <Group
                key={row.sku}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="tally-row"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.sku}
                    {pending ? ` · ${pending}` : ''}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600}>{t.tallyRow(row.received, row.expected)}</Text>
                  <Badge color={color[row.state]} variant="light" tt="none">
                    {badgeText(row)}
                  </Badge>
                </Group>
              </Group>
            )
          })}
        </Stack>
      )}
    </Card>
  )
}
