import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { discardItem } from '../engine.ts'
import { watchQueuedWrites, type QueuedWrite } from '../queue.ts'
import { outboxText as t } from '../text.ts'
import type { StockWriteKind } from '../types.ts'

export interface RefusedWritesProps<K extends StockWriteKind> {
  kind: K
  /** A shop's screen shows only that shop's refusals (another shop's lines cannot be taken back here). */
  shopSlug?: string
  /** The refused write the screen is correcting now (its `replaces`): its draft shows it already. */
  correcting?: number | null
  /** Why 'Reprendre' must wait (work in progress on the screen), or null. */
  busy?: string | null
  /** Puts the refused write back in the screen's draft (its `?reopen=` loader), to fix and resend. */
  onTakeBack: (outboxId: number) => void
  /** After a tap: the focus goes back to the scan field. */
  onTapped?: () => void
}

/** The signed-in user's writes of `kind` the server refused when the outbox replayed them. */
function useRefused<K extends StockWriteKind>(kind: K, shopSlug: string | undefined): QueuedWrite<K>[] {
  const [writes, setWrites] = useState<QueuedWrite<K>[]>([])
  useEffect(() => watchQueuedWrites(kind, setWrites), [kind])
  return writes.filter(
    (w) => w.status === 'failed' && (shopSlug === undefined || w.write.shopSlug === shopSlug),
  )
}

/**
 * The offline writes of a screen that the server refused later, when the outbox replayed them
 * (issue 31), on the screen they belong to rather than only as a header badge: each a card saying
 * what and why, with 'Reprendre' (the draft back, to fix and resend: the correction replaces it in
 * the outbox) and 'Abandonner' (confirmed in place: the write leaves the outbox, the stock stays).
 */
export function RefusedWrites<K extends StockWriteKind>(props: RefusedWritesProps<K>) {
  const { kind, shopSlug, correcting, busy, onTakeBack, onTapped } = props
  const refused = useRefused(kind, shopSlug).filter((w) => w.id !== correcting)
  const [discarding, setDiscarding] = useState<number | null>(null)
  if (refused.length === 0) return null
  const tapped = (action: () => void) => () => {
    action()
    onTapped?.()
  }
  return (
    <Stack gap="xs" data-testid="refused-writes">
      {refused.map((w) => (
        <Alert key={w.id} color="red" p="xs" title={t.refusedTitle(w.label)}>
          <Stack gap={6}>
            <Text size="sm">{w.error || t.refusedNoReason}</Text>
            {discarding === w.id ? (
              <>
                <Text size="sm" fw={700}>
                  {t.discardText(w.label)}
                </Text>
                <Group gap="xs" grow wrap="nowrap">
                  <Button h={48} variant="default" onClick={tapped(() => setDiscarding(null))}>
                    {t.keep}
                  </Button>
                  <Button h={48} color="red" onClick={tapped(() => void discardItem(w.id))}>
                    {t.discardConfirm}
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Text size="sm" fw={700}>
                  {busy ?? t.refusedTodo}
                </Text>
                <Group gap="xs" grow wrap="nowrap">
                  {busy ? null : (
                    <Button h={48} onClick={tapped(() => onTakeBack(w.id))} aria-label={t.takeBackLabel(w.label)}>
                      {t.takeBack}
                    </Button>
                  )}
                  <Button h={48} variant="default" onClick={tapped(() => setDiscarding(w.id))} aria-label={t.discardLabel(w.label)}>
                    {t.discard}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  )
}
