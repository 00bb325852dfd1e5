import { useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { messages } from '@/lib/messages'
import { FullScreenMessage, RetryButton } from '@/lib/ui/full-screen-message'
import { printAgent } from '../agent.ts'
import { printingKeys } from '../api.ts'
import { computerOutcome, gateState, ipOutcome, printersOutcome } from '../gate-state.ts'
import { usePrintingQueries } from '../hooks.ts'
import { PeerConnectionUnsupportedError } from '../local-ip.ts'

const isUnsupported = (error: unknown) => error instanceof PeerConnectionUnsupportedError

const AGENT_START_DELAY_MS = 1000

/**
 * docs/specification.md §4 printing context: before the application shows, detect the local IP and report it,
 * then ask whether this workstation is configured and for its printers; `loading` meanwhile,
 * docs/specification.md §8's full-screen texts on failure. Keeps all three fresh every 60 s, and starts the print
 * agent's connection (which the app does not wait for).
 */
export function PrintingGate({
  children,
  loading,
  canPrint = true,
}: {
  children: ReactNode
  loading: ReactNode
  /** The user holds a printing role: the agent is started only then (the server signs for no one else). */
  canPrint?: boolean
}) {
  const queryClient = useQueryClient()
  const { ip, computer, printers } = usePrintingQueries({ poll: true })

  const state = gateState({
    ip: ipOutcome(ip, isUnsupported),
    computer: computerOutcome(computer),
    printers: printersOutcome(printers),
  })

  // The connection opens on start, once the first screen is up: qz-tray (9 KB) is then fetched
  // after the screen, not before it. Not stopped on unmount: the connection belongs to the page
  // (it closes on pagehide), and StrictMode's mount-unmount-mount must not rebuild it.
  const ready = state === 'ready'
  useEffect(() => {
    if (!ready || !canPrint) return
    const timer = window.setTimeout(() => printAgent.start(), AGENT_START_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [ready, canPrint])

  if (state === 'ready') return children
  if (state === 'loading') return loading
  return (
    <FullScreenMessage
      text={state.error}
      action={
        <RetryButton
          label={messages.errors.retry}
          onRetry={() => void queryClient.refetchQueries({ queryKey: printingKeys.all, type: 'active' })}
        />
      }
    />
  )
}
