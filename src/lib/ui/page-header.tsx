import { Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The title line every work screen opens with: the screen's one h1 (the shell's header has none). */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string
  subtitle?: string
  actions?: ReactNode
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="xs">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions}
    </Group>
  )
}
