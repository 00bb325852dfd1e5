import { Badge, Group } from '@mantine/core'
import type { AdminCarrier } from '@contract'
import { adminText } from '../../text.ts'

const t = adminText.carriers

/** The carrier's services, as its integration defines them: shown, never edited here. */
export function ServiceBadges({ services }: { services: AdminCarrier['services'] }) {
  if (services.length === 0) return null
  return (
    <Group gap={4} aria-label={t.services}>
      {services.map((s) => (
        <Badge key={s.code} variant="outline" color="gray" tt="none">
          {s.name}
        </Badge>
      ))}
    </Group>
  )
}
