import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { text as t } from '../text.ts'

interface CloseDeliveryProps {
  /** The confirmation shows (the model's closeAsked), with this question (expected.ts closeQuestion). */
  asking: boolean
  question: string
  /** Why it cannot be closed now, or the server's refusal. */
  error?: string
  busy: boolean
  onAsk: () => void
  onConfirm: () => void
  onBack: () => void
  /** After a tap: the focus goes back to the scan field. */
  onTapped: () => void
}

/** 'Clôturer la réception', then a confirmation that names the differences the shop will be told. */
export function CloseDelivery(props: CloseDeliveryProps) {
  const { asking, question, error, busy, onAsk, onConfirm, onBack, onTapped } = props
  const tapped = (action: () => void) => () => {
    action()
    onTapped()
  }
  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="orange" p="xs" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
      {asking ? (
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            {question}
          </Text>
          <Group grow gap="xs" wrap="nowrap">
            <Button h={48} variant="default" disabled={busy} onClick={tapped(onBack)}>
              {t.closeBack}
            </Button>
            <Button h={48} color="red" loading={busy} onClick={tapped(onConfirm)}>
              {t.confirmClose}
            </Button>
          </Group>
        </Card>
      ) : (
        <Button h={48} variant="default" disabled={busy} onClick={tapped(onAsk)}>
          {t.close}
        </Button>
      )}
    </Stack>
  )
}
