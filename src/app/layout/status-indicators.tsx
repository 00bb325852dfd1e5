import { ActionIcon, Group } from '@mantine/core'
import { IconBug, IconDeviceDesktop, IconExternalLink, IconPrinter, IconWifi } from '@tabler/icons-react'
import { isValidIPv4 } from '@contract'
import type { ReactNode } from 'react'
import type { PrintingStatus } from '@/features/printing'
import { messages } from '@/lib/messages'
import { Hint } from '@/lib/ui/hint'

export type { PrintingStatus }

export const PRINTING_NOT_READY: PrintingStatus = { localIp: null, agentReady: false, computerConfigured: false }

const { indicators: t } = messages

function Indicator({ label, ok, children }: { label: string; ok: boolean; children: ReactNode }) {
  return (
    <Hint label={label} align="end">
      <ActionIcon variant="subtle" size={48} color={ok ? 'green' : 'red'} aria-label={label} data-ok={ok}>
        {children}
      </ActionIcon>
    </Hint>
  )
}

/** SPEC §2.5: debug, local IP, print agent, computer configured, admin link — each a button with a tooltip. */
export function StatusIndicators({
  debug,
  adminUrl,
  printing,
}: {
  debug: boolean
  adminUrl?: string
  printing: PrintingStatus
}) {
  const ipOk = isValidIPv4(printing.localIp)
  return (
    <Group gap={0} wrap="nowrap">
      {debug ? (
        <Hint label={t.debug} align="end">
          <ActionIcon variant="subtle" size={48} color="orange" aria-label={t.debug}>
            <IconBug size={20} />
          </ActionIcon>
        </Hint>
      ) : null}
      <Indicator ok={ipOk} label={ipOk ? t.ipOk(printing.localIp as string) : t.ipKo}>
        <IconWifi size={20} />
      </Indicator>
      <Indicator ok={printing.agentReady} label={printing.agentReady ? t.agentOk : t.agentKo}>
        <IconPrinter size={20} />
      </Indicator>
      <Indicator ok={printing.computerConfigured} label={printing.computerConfigured ? t.computerOk : t.computerKo}>
        <IconDeviceDesktop size={20} />
      </Indicator>
      {adminUrl ? (
        <Hint label={t.admin} align="end">
          <ActionIcon
            component="a"
            href={adminUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size={48}
            aria-label={t.admin}
          >
            <IconExternalLink size={20} />
          </ActionIcon>
        </Hint>
      ) : null}
    </Group>
  )
}
