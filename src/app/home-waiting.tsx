import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { UserAccess } from '@contract'
import { indicatorText } from '@/features/outbox/indicator-text'
import { useOutboxStatus } from '@/features/outbox/status'
import { draftTask, type DraftTask } from '@/features/navigation'
import { formatDateTime } from '@/lib/dates'
import { tables, watchQuery } from '@/lib/db'
import { getToken, userOfToken } from '@/lib/session'

interface Waiting extends DraftTask {
  key: string
  savedAt: number
}

/** This user's kept drafts on the device (scan-first screens' work in progress), newest first. */
function useDrafts(): Waiting[] {
  const [drafts, setDrafts] = useState<Waiting[]>([])
  useEffect(() => {
    const user = userOfToken(getToken())
    if (!user) return
    return watchQuery(
      () => tables.drafts().toArray(),
      (rows) =>
        setDrafts(
          rows
            .filter((row) => row.user === user && row.state !== null)
            .sort((a, b) => b.savedAt - a.savedAt)
            .flatMap((row) => {
              const task = draftTask(row)
              return task ? [{ ...task, key: row.key, savedAt: row.savedAt }] : []
            }),
        ),
      () => setDrafts([]),
    )
  }, [])
  return drafts
}

/**
 * What waits for the worker, at the top of the home page (issue 31): work in progress kept on the
 * device (a reception not validated…) and writes not sent yet or refused. Loaded after the first
 * screen (it reads IndexedDB).
 */
export function HomeWaiting({ access }: { access: UserAccess }) {
  const drafts = useDrafts()
  const { pending, failed } = useOutboxStatus()
  if (drafts.length === 0 && pending === 0 && failed === 0) return null
  const shopName = (slug: string) => access.shops.find((s) => s.slug === slug)?.name ?? slug
  return (
    <Alert color="blue" icon={<IconHistory size={20} />} title="En attente" p="sm">
      <Stack gap="xs">
        {drafts.map((draft) => {
          const name = draft.shop ? `${draft.title} · ${shopName(draft.shop)}` : draft.title
          return (
            <Stack key={draft.key} gap={2}>
              <Text size="sm">
                Saisie en cours : {name} (enregistrée le {formatDateTime(draft.savedAt)})
              </Text>
              <Button
                variant="light"
                h={48}
                style={{ alignSelf: 'flex-start' }}
                aria-label={`Reprendre : ${name}`}
                renderRoot={(props) => (
                  <Link to={draft.path} params={draft.shop ? { shopSlug: draft.shop } : {}} {...props} />
                )}
              >
                Reprendre
              </Button>
            </Stack>
          )
        })}
        {pending > 0 || failed > 0 ? (
          <Button
            variant="light"
            color={failed > 0 ? 'red' : 'orange'}
            h={48}
            style={{ alignSelf: 'flex-start', whiteSpace: 'normal' }}
            renderRoot={(props) => <Link to="/outbox" {...props} />}
          >
            {failed > 0 ? indicatorText.failed(failed) : indicatorText.pending(pending)}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  )
}
