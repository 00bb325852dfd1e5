import { Button } from '@mantine/core'
import { IconCloudUpload } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { Hint } from '@/lib/ui/hint'
import { useOutboxStatus } from '../status.ts'
import { indicatorText as t } from '../indicator-text.ts'

/**
 * The header's outbox indicator: shown only while writes wait (orange) or were refused (red),
 * with their count; it opens the outbox screen. Built of what the shell already loads (no extra
 * component CSS on the first screen).
 */
export function OutboxIndicator() {
  const { pending, failed } = useOutboxStatus()
  if (pending === 0 && failed === 0) return null
  const label = failed > 0 ? t.failed(failed) : t.pending(pending)
  const color = failed > 0 ? 'red' : 'orange'
  return (
    <Hint label={label} align="end">
      <Button
        variant="light"
        color={color}
        size="compact-md"
        px={6}
        leftSection={<IconCloudUpload size={18} />}
        aria-label={label}
        data-testid="outbox-indicator"
        renderRoot={(props) => <Link to="/outbox" {...props} />}
      >
        {pending + failed}
      </Button>
    </Hint>
  )
}
