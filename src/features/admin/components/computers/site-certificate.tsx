/**
 * The server's HTTPS certificate (issue 30), under 'Postes et imprimantes': what /installer shows to
 * the devices, with the names and expiry. The installer page asks people to compare the root's
 * fingerprint with this one before they trust it.
 */
import { Alert, Anchor, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { formatDay } from '@/lib/dates'
import { installerStateQuery, type InstallerState } from '../../api.ts'
import { adminText } from '../../text.ts'
import { Section } from '../section.tsx'

const t = adminText.certificate
const DAY_MS = 24 * 60 * 60 * 1000
/** Below this, the end date is shown as a warning (a generated certificate is renewed 30 days ahead). */
const WARN_DAYS = 30

/** Whole days from now to `iso`, negative once past; null for a text that is no date. */
function daysLeft(iso: string, now = Date.now()): number | null {
  const end = new Date(iso).getTime()
  return Number.isNaN(end) ? null : Math.floor((end - now) / DAY_MS)
}

export function SiteCertificate() {
  return (
    <Section title={t.title} query={useQuery(installerStateQuery())} failed={t.failed}>
      {(state) => <Details state={state} />}
    </Section>
  )
}

function Details({ state }: { state: InstallerState }) {
  const cert = state.certificate
  if (!state.https || !cert)
    return (
      <Alert color="orange" role="status">
        <Text size="sm">{t.plainHttp}</Text>
      </Alert>
    )
  const left = daysLeft(cert.validTo)
  const soon = left !== null && left < WARN_DAYS
  return (
    <Paper withBorder radius="md" p="sm">
      <Group align="flex-start" gap="md">
        {state.qr ? (
          // The server's SVG as an image, not inline markup: nothing in it runs, and the policy
          // allows data: images (img-src 'self' data:).
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.qr)}`}
            alt={t.qr(state.appUrl)}
            width={144}
            height={144}
          />
        ) : null}
        <Stack gap="xs" miw={0} style={{ flex: '1 1 18rem' }}>
          <Fact label={t.appUrl}>{state.appUrl}</Fact>
          <Fact label={t.names}>{cert.names.join(', ')}</Fact>
          <Group gap="xs">
            <Text size="sm" fw={600} c={soon ? 'orange.8' : undefined} data-warning={soon || undefined}>
              {t.validTo(formatDay(cert.validTo))}
              {soon ? ` (${t.daysLeft(left)})` : null}
            </Text>
            <Badge variant="light" color={cert.source === 'generated' ? 'blue' : 'gray'}>
              {t.source[cert.source]}
            </Badge>
          </Group>
          {cert.rootFingerprint ? (
            <>
              <Fact label={t.root}>{cert.rootName ?? '—'}</Fact>
              <Fact label={t.fingerprint} mono>
                {cert.rootFingerprint}
              </Fact>
              {cert.rootValidTo ? (
                <Text size="sm" c="dimmed">
                  {t.rootValidTo(formatDay(cert.rootValidTo))}
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t.noRoot}
            </Text>
          )}
          <Anchor href={state.installerUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {t.installer}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  )
}

/** One thing to know: its label over its value, long values wrapping anywhere (addresses, hex). */
function Fact({ label, mono, children }: { label: string; mono?: boolean; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}
