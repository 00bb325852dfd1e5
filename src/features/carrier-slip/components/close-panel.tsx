import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core'
import { closeChoices, type LoadView } from '../load.ts'
import type { CloseMode, PendingClose } from '../model.ts'
import { text as t } from '../text.ts'

/**
 * 'Clôturer' tapped: with which parcels (the loaded ones, or all the slip shows); then the close on
 * its way, or, when no answer came, the same close to retry (same key) or to give up.
 */
export function ClosePanel({
  view,
  confirming,
  closing,
  onChoose,
  onRetry,
  onDismiss,
}: {
  view: LoadView
  confirming: boolean
  closing: PendingClose | null
  onChoose: (mode: CloseMode) => void
  onRetry: () => void
  onDismiss: () => void
}) {
  if (closing) {
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
  if (!confirming) return null
  return (
    <Card withBorder padding="sm" data-testid="close-choice">
      <Stack gap="xs">
        <Text fw={700}>{t.closeQuestion}</Text>
        {closeChoices(view).map(({ mode, count }) => (
          <Button
            key={mode}
            h={48}
            variant={mode === 'loaded' ? 'filled' : 'light'}
            onClick={() => onChoose(mode)}
          >
            {mode === 'loaded' ? t.closeWithLoaded(count) : t.closeWithAll(count)}
          </Button>
        ))}
        <Button h={48} variant="default" onClick={onDismiss}>
          {t.keepLoading}
        </Button>
      </Stack>
    </Card>
  )
}
