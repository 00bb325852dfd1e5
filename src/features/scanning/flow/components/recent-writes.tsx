import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { flowText as t } from '../text.ts'

export interface RecentWrite {
  id: string
  text: string
  status: 'sent' | 'queued'
}

/** The last writes of this screen, each marked sent or waiting (the outbox has the rest). */
export function RecentWrites({ title, items }: { title: string; items: RecentWrite[] }) {
  if (items.length === 0) return null
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={6}>
        {items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{item.text}</Text>
            <Badge
              variant="light"
              color={item.status === 'sent' ? 'green' : 'orange'}
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {item.status === 'sent' ? t.sent : t.queued}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  )
}
