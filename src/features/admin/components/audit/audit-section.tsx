import { Paper, Stack, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@contract'
import { formatDateTime } from '@/lib/dates'
import { auditQuery } from '../../api.ts'
import { changedFields } from '../../model/audit.ts'
import { adminText } from '../../text.ts'
import { Section } from '../section.tsx'
import { MorePages } from '../more-pages.tsx'

const t = adminText.audit
const words = { yes: adminText.yes, no: adminText.no, nothing: t.nothing, retired: t.retired }

/** 'Historique': every change, newest first; 'Plus' reads the page before the last entry shown. */
export function AuditSection() {
  const audit = useInfiniteQuery(auditQuery())
  return (
    <Section title={t.tab} query={audit}>
      {(data) => {
        const entries = data.pages.flat()
        return (
          <>
            {entries.length === 0 ? <Text c="dimmed">{adminText.empty}</Text> : null}
            <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.tab}>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </Stack>
            {audit.hasNextPage ? (
              <MorePages pages={audit} label={t.more} failed={t.moreFailed} />
            ) : entries.length > 0 ? (
              <Text size="sm" c="dimmed">
                {t.end}
              </Text>
            ) : null}
          </>
        )
      }}
    </Section>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry, words)
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actor}
      </Text>
      <Text fw={600}>
        {t.actions[entry.action]} · {t.entities[entry.entity] ?? entry.entity} « {entry.entityKey} »
      </Text>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noChange}
        </Text>
      ) : (
        <Stack component="ul" gap={2} m={0} mt={4} p={0} style={{ listStyle: 'none' }}>
          {changes.map((change) => (
            <Text component="li" key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={500} size="sm">
                {t.fields[change.field] ?? change.field} :{' '}
              </Text>
              {change.before !== null ? (
                <Text span td="line-through" c="dimmed" size="sm">
                  {change.before}
                </Text>
              ) : null}
              {change.before !== null && change.after !== null ? ` ${t.arrow} ` : null}
              {change.after}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
