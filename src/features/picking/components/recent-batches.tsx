import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { batchLine } from '../model.ts'
import { useRecentBatches } from '../recent.ts'
import { pickingText as t } from '../text.ts'

/** The lists printed from this station for the shop, newest first, each with 'Réimprimer'. */
export function RecentBatches({
  shop,
  busy,
  onReprint,
}: {
  shop: string
  busy: boolean
  onReprint: (pickingName: string) => void
}) {
  const batches = useRecentBatches(shop)
  if (batches.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="picking-recent">
      <Title order={2} size="h5" id="picking-recent">
        {t.recent}
      </Title>
      {batches.map((batch) => (
        <Card key={batch.name} withBorder padding="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {batch.name}
              </Text>
              <Text size="sm" c="dimmed">
                {batchLine(batch, t.printedAt(batch.printedAt))}
              </Text>
            </div>
            <Button
              variant="light"
              h={48}
              leftSection={<IconPrinter size={18} />}
              disabled={busy}
              aria-label={t.reprintLabel(batch.name)}
              onClick={() => onReprint(batch.name)}
            >
              {t.reprint}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
