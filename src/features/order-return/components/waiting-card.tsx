import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import type { CustomerReturn } from '@contract'
import { ScanField } from '@/features/scanning'
import { describeWaiting } from '../waiting.ts'
import { waitingText as t } from '../text.ts'
import { WRAP } from './choice.tsx'

interface WaitingCardProps {
  item: CustomerReturn
  attaching: boolean
  closing: boolean
  /** Its decision waits in the outbox. */
  pending: boolean
  busy: boolean
  error?: string
  onAttach: () => void
  onClose: () => void
  onBack: () => void
  onResolve: (order: string | null) => void
}

/** One waiting return: what came back and why it waits, 'Rattacher à une commande' and 'Clore'. */
export function WaitingCard(props: WaitingCardProps) {
  const { item, attaching, closing, pending, busy, error } = props
  const shown = describeWaiting(item)
  return (
    <Card withBorder padding="sm" component="section" aria-label={shown.title}>
      <Stack gap={6}>
        <Text fw={700}>{shown.title}</Text>
        {shown.reason ? <Text size="sm">{shown.reason}</Text> : null}
        {item.receivedAt ? (
          <Text size="sm" c="dimmed">
            {t.receivedAt(item.receivedAt)}
          </Text>
        ) : null}
        {item.note ? (
          <Text size="sm" fs="italic">
            {item.note}
          </Text>
        ) : null}
        <Text size="sm" fw={600}>
          {shown.units}
        </Text>
        {shown.lines.map((l) => (
          <Group key={l.id} gap="xs" wrap="nowrap">
            <Text size="sm">{l.text}</Text>
            {l.outside ? (
              <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
                {t.outOfOrder}
              </Badge>
            ) : null}
          </Group>
        ))}
        {pending ? (
          <Badge color="orange" variant="light">
            {t.pendingSend}
          </Badge>
        ) : attaching ? (
          <>
            <ScanField
              label={t.orderField}
              description={t.orderHint}
              onScan={(scan) => {
                const code = scan.text.trim()
                if (code === '') return 'error'
                props.onResolve(code)
              }}
              disabled={busy}
            />
            <Button h={48} variant="default" onClick={props.onBack}>
              {t.back}
            </Button>
          </>
        ) : (
          <Group grow gap="xs" wrap="nowrap">
            {shown.attachable ? (
              <Button h={48} variant="light" disabled={busy} onClick={props.onAttach} styles={WRAP}>
                {t.attach}
              </Button>
            ) : null}
            <Button
              h={48}
              color={closing ? 'red' : undefined}
              variant={closing ? 'filled' : 'default'}
              disabled={busy}
              onClick={closing ? () => props.onResolve(null) : props.onClose}
              onBlur={closing ? props.onBack : undefined}
            >
              {closing ? t.confirmClose : t.close}
            </Button>
          </Group>
        )}
        {closing && !pending ? <Text size="sm">{t.closeHint}</Text> : null}
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}
