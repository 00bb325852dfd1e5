import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { discardItem } from '../engine.ts'
import { watchQueuedWrites, type QueuedWrite } from '../queue.ts'
import { outboxText as t } from '../text.ts'
import type { StockWriteKind } from '../types.ts'

/** What the card needs of the screen's scan flow (useScanFlow): the take-back runs behind its scans. */
export interface TakeBackFlow<E> {
  run(task: () => Promise<void>): Promise<unknown>
  dispatch(event: E): void
  /** After a tap: the focus goes back to the scan field. */
  refocus(): void
}

export interface RefusedWritesProps<K extends StockWriteKind, E> {
  kind: K
  /** A shop's screen shows only that shop's refusals (another shop's lines cannot be taken back here). */
  shopSlug?: string
  /** The refused write the screen is correcting now (its `replaces`): its draft shows it already. */
  correcting: number | null
  /** The refused write the screen opens from its address (`?reopen=`): not a card while it loads. */
  opening?: number
  /** Why 'Reprendre' must wait (work in progress on the screen), or null. */
  busy: string | null
  /** The screen's `?reopen=` loader: the refused write as the event that puts it back in the draft. */
  reopen: (outboxId: number) => Promise<E | null>
  flow: TakeBackFlow<E>
}

/** The signed-in user's writes of `kind` the server refused when the outbox replayed them. */
function useRefused<K extends StockWriteKind>(kind: K, shopSlug: string | undefined): QueuedWrite<K>[] {
  const [writes, setWrites] = useState<QueuedWrite<K>[]>([])
  useEffect(() => watchQueuedWrites(kind, setWrites), [kind])
  return writes.filter(
    (w) => w.status === 'failed' && (shopSlug === undefined || w.write.shopSlug === shopSlug),
  )
}

/** `opening` until the screen's load of it has run (hidden meanwhile), then undefined. */
function useOpening<E>(opening: number | undefined, flow: TakeBackFlow<E>): number | undefined {
  const [loading, setLoading] = useState(opening)
  const run = useRef(flow.run)
  useEffect(() => {
    if (opening === undefined) return
    let live = true
    // After this commit's effects: the screen's load (useScanFlow, the parent's effect, which runs
    // after this child's) is in the flow's queue by then, so this empty task ends after it.
    const timer = setTimeout(() => void run.current(async () => {}).then(() => live && setLoading(undefined)))
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [opening])
  return loading
}

/**
 * The offline writes of a screen that the server refused later, when the outbox replayed them
 * (issue 31), on the screen they belong to rather than only as a header badge: each a card saying
 * what and why, with 'Reprendre' (the draft back, to fix and resend: the correction replaces it in
 * the outbox) and 'Abandonner' (confirmed in place: the write leaves the outbox, the stock stays).
 */
export function RefusedWrites<K extends StockWriteKind, E>(props: RefusedWritesProps<K, E>) {
  const { kind, shopSlug, correcting, opening, busy, reopen, flow } = props
  const loading = useOpening(opening, flow)
  const refused = useRefused(kind, shopSlug).filter((w) => w.id !== correcting && w.id !== loading)
  const [discarding, setDiscarding] = useState<number | null>(null)
  if (refused.length === 0) return null
  const tapped = (action: () => void) => () => {
    action()
    flow.refocus()
  }
  const takeBack = (id: number) =>
    void flow.run(async () => {
      const event = await reopen(id)
      if (event) flow.dispatch(event)
    })
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
                    <Button
                      h={48}
                      onClick={tapped(() => takeBack(w.id))}
                      aria-label={t.takeBackLabel(w.label)}
                    >
                      {t.takeBack}
                    </Button>
                  )}
                  <Button
                    h={48}
                    variant="default"
                    onClick={tapped(() => setDiscarding(w.id))}
                    aria-label={t.discardLabel(w.label)}
                  >
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
