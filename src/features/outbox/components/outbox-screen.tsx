import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core'
import { IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react'
import { formatDateTimeSeconds } from '@/lib/dates'
import { useEffect, useState } from 'react'
import { tables, watchQuery, type OutboxRow } from '@/lib/db'
import { showToast } from '@/lib/ui/toast'
import { discardItem, drain, retryItem } from '../engine.ts'
import { currentUser } from '../reads.ts'
import { reopenHref } from '../registry.ts'
import { useOutboxStatus } from '../status.ts'
import { formatBytes, outboxText as t } from '../text.ts'

const dateTime = (ms: number) => formatDateTimeSeconds(ms)

/** Every row of the outbox, oldest first, kept current across tabs. */
function useOutboxRows(): { rows: OutboxRow[] | undefined; error: boolean } {
  const [rows, setRows] = useState<OutboxRow[]>()
  const [error, setError] = useState(false)
  useEffect(
    () =>
      watchQuery(
        () => tables.outbox().orderBy('id').toArray(),
        setRows,
        () => setError(true),
      ),
    [],
  )
  return { rows, error }
}

interface StorageInfo {
  used: number
  quota: number
  persisted: boolean
}

function useStorageInfo(): StorageInfo | null {
  const [info, setInfo] = useState<StorageInfo | null>(null)
  useEffect(() => {
    if (!navigator.storage?.estimate) return
    void Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? false])
      .then(([estimate, persisted]) =>
        setInfo({ used: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }),
      )
      .catch(() => setInfo(null))
  }, [])
  return info
}

function OutboxItem({
  row,
  user,
  onDiscard,
  onReopen,
}: {
  row: OutboxRow
  /** The signed-in user (read once for the list, not per row). */
  user: string | null
  onDiscard: (row: OutboxRow) => void
  onReopen?: (href: string) => void
}) {
  const failed = row.status === 'failed'
  // A 4xx is the server's answer about this write: retrying it unchanged cannot succeed, so the
  // main action opens it in its screen to be corrected (a 409 for want of stock may pass later).
  const href = failed ? reopenHref(row) : null
  return (
    <Card withBorder padding="sm" data-testid="outbox-item">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{row.label}</Text>
          <Text size="xs" c="dimmed">
            {t.madeBy(row.user, dateTime(row.createdAt))}
            {row.attempts > 0 ? ` · ${t.attempts(row.attempts)}` : ''}
          </Text>
        </div>
        <Badge color={failed ? 'red' : 'orange'} variant="light">
          {failed ? t.failed : t.pending}
        </Badge>
      </Group>
      {row.error ? (
        <Text size="sm" c={failed ? 'red' : 'dimmed'} mt={4}>
          {row.error}
        </Text>
      ) : null}
      {!failed && user !== null && row.user !== user ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t.otherUser(row.user)}
        </Text>
      ) : null}
      {failed ? (
        <Group mt="xs" gap="xs">
          {href && onReopen ? (
            <Button h={48} leftSection={<IconPencil size={18} />} onClick={() => onReopen(href)}>
              {t.reopen}
            </Button>
          ) : null}
          <Button
            h={48}
            variant={href && onReopen ? 'default' : 'filled'}
            leftSection={<IconRefresh size={18} />}
            onClick={() => void retryItem(row.id)}
          >
            {t.retry}
          </Button>
          <Button
            h={48}
            variant="default"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => onDiscard(row)}
          >
            {t.discard}
          </Button>
        </Group>
      ) : null}
    </Card>
  )
}

/**
 * The outbox screen: what waits, what was refused (open it in its screen to correct it, retry,
 * or discard), and the device's storage. `onReopen` navigates (the route gives it).
 */
export function OutboxScreen({ onReopen }: { onReopen?: (href: string) => void }) {
  const { rows, error } = useOutboxRows()
  const { waitingForSignIn, sending } = useOutboxStatus()
  const storage = useStorageInfo()
  const user = currentUser()
  const [discarding, setDiscarding] = useState<OutboxRow | null>(null)
  const pending = rows?.some((r) => r.status === 'pending') ?? false

  const confirmDiscard = async () => {
    if (!discarding) return
    await discardItem(discarding.id)
    setDiscarding(null)
    showToast({ color: 'green', message: t.discarded })
  }

  return (
    <Stack gap="md" maw={720}>
      {error ? (
        <Alert color="red" role="alert">
          {t.loadError}
        </Alert>
      ) : null}
      {waitingForSignIn ? <Alert color="orange">{t.waitingForSignIn}</Alert> : null}
      {rows && rows.length === 0 ? <Text c="dimmed">{t.empty}</Text> : null}
      {pending ? (
        <Group>
          <Button
            variant="light"
            loading={sending}
            leftSection={<IconRefresh size={16} />}
            onClick={() => void drain(true)}
          >
            {t.retryAll}
          </Button>
        </Group>
      ) : null}
      <Stack gap="xs">
        {rows?.map((row) => (
          <OutboxItem key={row.id} row={row} user={user} onDiscard={setDiscarding} onReopen={onReopen} />
        ))}
      </Stack>
      {storage ? (
        <Text size="sm" c="dimmed">
          {t.storage(formatBytes(storage.used), formatBytes(storage.quota))}{' '}
          {storage.persisted ? t.storagePersisted : t.storageNotPersisted}
        </Text>
      ) : null}
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={t.discardTitle} centered>
        <Text size="sm">{discarding ? t.discardText(discarding.label) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDiscarding(null)}>
            {t.cancel}
          </Button>
          <Button color="red" onClick={() => void confirmDiscard()}>
            {t.discardConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  )
}
