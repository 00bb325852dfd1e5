import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core'
import type { PendingClose } from '../model.ts'
import { text as t } from '../text.ts'

/**
 * The close on its way, or, when no answer came, the same close to retry (same key) or to give up.
 * The question before it (with which parcels) is close-choice.tsx's dialog.
 */
export function ClosePanel({
  closing,
  onRetry,
  onDismiss,
}: {
  closing: PendingClose | null
  onRetry: () => void
  onDismiss: () => void
}) {
  if (!closing) return null
  return (
    <Card withBorder padding="sm" data-testid="closing">
      <Stack gap="xs">
        {closing.failed ? (
          <Alert color="orange" role="alert" p="xs">
            {t.closeOffline}
          </Alert>
        ) : (
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size="sm" />
            <Text fw={600}>{t.closing(closing.slip)}</Text>
          </Group>
        )}
        {closing.failed ? (
          <Group grow gap="xs" wrap="nowrap">
            <Button h={48} onClick={onRetry}>
              {t.retryClose}
            </Button>
            <Button h={48} variant="default" onClick={onDismiss}>
              {t.keepLoading}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  )
}
