import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { SHIPMENT_COMMANDS } from '@contract'
import type { LabelRef, PutBackNotice } from '../state.ts'
import { text as t } from '../text.ts'
import { CommandBarcode } from './command-barcode.tsx'

/** A cancelled order's units: where each goes back, big enough to read from the bench. */
export function PutBackCard({ putBack, onDismiss }: { putBack: PutBackNotice; onDismiss: () => void }) {
  return (
    <Alert color="red" variant="outline" role="alert" title={t.putBackTitle} data-testid="put-back">
      <Stack gap="xs">
        <Text fw={600}>{putBack.message}</Text>
        {putBack.places.map((place, i) => (
          <div key={`${place.product}-${place.location}-${i}`}>
            {place.product ? (
              <Text size="sm">
                {place.quantity !== null && place.quantity > 1 ? `${place.quantity} × ` : ''}
                {place.product}
              </Text>
            ) : null}
            <Text size="sm">{place.location ? t.putBackTo : t.putBackNoPlace}</Text>
            {place.location ? (
              <Text fz={40} fw={800} lh={1.1} ff="monospace" data-testid="put-back-location">
                {place.location}
              </Text>
            ) : null}
          </div>
        ))}
        <Button h={48} variant="default" onClick={onDismiss}>
          {t.putBackOk}
        </Button>
      </Stack>
    </Alert>
  )
}

/** The labels printed and not yet scanned back: the first is the one the next scan should read. */
export function VerifyCard({ labels }: { labels: LabelRef[] }) {
  if (labels.length === 0) return null
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="to-verify"
      style={{ borderColor: 'var(--mantine-color-orange-6)' }}
    >
      <Text fw={700} mb={4}>
        {t.toVerifyTitle}
      </Text>
      <Stack gap={2}>
        {labels.map((l, i) => (
          <Text key={l.trackingNumber} size="sm" fw={i === 0 ? 700 : 400} ff="monospace">
            {t.verifyLine(l.order, l.n, l.count, l.trackingNumber)}
          </Text>
        ))}
      </Stack>
    </Card>
  )
}

/** 'Réimprimer' in one tap, and the same as a command barcode for a wedge scanner. */
export function ReprintCard({ target, onReprint }: { target: LabelRef | null; onReprint: () => void }) {
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ minWidth: 0 }}>
            {target ? t.reprintOf(target.order, target.n, target.count) : t.nothingToReprint}
          </Text>
          <Button h={48} leftSection={<IconPrinter size={18} />} disabled={!target} onClick={onReprint}>
            {t.reprint}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t.commandHint}
        </Text>
        <CommandBarcode code={SHIPMENT_COMMANDS.reprint} caption={t.reprint} />
      </Stack>
    </Card>
  )
}
