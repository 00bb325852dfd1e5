import { ActionIcon, Group } from '@mantine/core'
import {
  IconBug,
  IconDeviceDesktop,
  IconExternalLink,
  IconPrinter,
  IconPrinterOff,
  IconWifi,
} from '@tabler/icons-react'
import { isValidIPv4 } from '@contract'
import { Suspense, useState, type ReactNode } from 'react'
import { LazyAgentRefusedHelp, type PrintingStatus } from '@/features/printing'
import { messages } from '@/lib/messages'
import { Hint } from '@/lib/ui/hint'

export type { PrintingStatus }

export const PRINTING_NOT_READY: PrintingStatus = {
  localIp: null,
  agentReady: false,
  agentRefused: false,
  computerConfigured: false,
}

const { indicators: t } = messages

interface IndicatorProps {
  label: string
  ok: boolean
  children: ReactNode
  /** The button opens something (the refused agent's set-up steps). */
  onClick?: () => void
  popup?: 'dialog'
}

function Indicator({ label, ok, children, onClick, popup }: IndicatorProps) {
  return (
    <Hint label={label} align="end">
      <ActionIcon
        variant="subtle"
        size={48}
        color={ok ? 'green' : 'red'}
        aria-label={label}
        aria-haspopup={popup}
        data-ok={ok}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Hint>
  )
}

/**
 * The print agent's indicator (docs/specification.md §2.5), plus a state the specification does not name: QZ Tray runs but
 * refuses this site. Starting QZ Tray would not help then, so the button says why and opens the
 * set-up steps.
 */
function AgentIndicator({ ready, refused }: { ready: boolean; refused: boolean }) {
  const [helpOpened, setHelpOpened] = useState(false)
  return (
    <>
      {refused ? (
        <Indicator ok={false} label={t.agentRefused} popup="dialog" onClick={() => setHelpOpened(true)}>
          <IconPrinterOff size={20} />
        </Indicator>
      ) : (
        <Indicator ok={ready} label={ready ? t.agentOk : t.agentKo}>
          <IconPrinter size={20} />
        </Indicator>
      )}
      {/* Stays open until closed, whatever the agent does meanwhile. */}
      {helpOpened ? (
        <Suspense fallback={null}>
          <LazyAgentRefusedHelp onClose={() => setHelpOpened(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

/** docs/specification.md §2.5: debug, local IP, print agent, computer configured, admin link — each a button with a tooltip. */
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
      <AgentIndicator ready={printing.agentReady} refused={printing.agentRefused} />
      <Indicator
        ok={printing.computerConfigured}
        label={printing.computerConfigured ? t.computerOk : t.computerKo}
      >
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
