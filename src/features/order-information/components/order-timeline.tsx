import { Card, Text, Timeline } from '@mantine/core'
import type { OrderTimelineEntry } from '@contract'
import { timelineItems } from '../model.ts'
import { orderInformationText as text } from '../text.ts'

/** The status history, oldest first: when, what, who and why (a hold, an anomaly, a cancellation). */
export function OrderTimeline({ timeline }: { timeline: OrderTimelineEntry[] }) {
  const items = timelineItems(timeline)
  return (
    <Card withBorder padding="sm" component="section" aria-label={text.detail.timeline}>
      <Text fw={700} mb="xs">
        {text.detail.timeline}
      </Text>
      <Timeline active={items.length - 1} bulletSize={14} lineWidth={2}>
        {items.map((item) => (
          <Timeline.Item key={item.key} title={item.title} data-testid="timeline-entry">
            <Text size="sm" c="dimmed">
              {item.at} · {item.who}
            </Text>
            {item.reason ? <Text size="sm">{item.reason}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  )
}
