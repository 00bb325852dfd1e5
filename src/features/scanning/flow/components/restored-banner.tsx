import { Alert, Button, Group, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { formatDateTime } from '@/lib/dates'
import { flowText as t } from '../text.ts'
import type { Restored } from '../use-scan-flow.ts'

/** Says what was given back after a reload (and when it had been saved), until the worker dismisses it. */
export function RestoredBanner({
  restored,
  onDismiss,
}: {
  restored: Restored | null
  onDismiss: () => void
}) {
  if (!restored) return null
  return (
    <Alert color="blue" icon={<IconHistory size={20} />} role="status" p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{t.restored(restored.summary, formatDateTime(restored.savedAt))}</Text>
        <Button variant="default" h={48} onClick={onDismiss}>
          {t.restoredOk}
        </Button>
      </Group>
    </Alert>
  )
}
