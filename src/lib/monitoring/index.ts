/**
 * Error reporting (SPEC §1, §9). Off unless VITE_SENTRY_DSN is set at build time: then nothing is
 * imported and nothing is sent. When on, Sentry (replay included) is a lazy chunk fetched after the
 * first screen has rendered, from our own origin (no CDN), so it never weighs on the first screen.
 */
import { apiHost } from '../config.ts'

/** SPEC §9 sampling: every trace, 10 % of sessions replayed, every session with an error. */
export const SENTRY_OPTIONS = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  /** SPEC §7.1: traces are propagated to {host}/rest/. */
  tracePropagationTargets: [`${apiHost}/rest/`],
}

function dsn(): string | undefined {
  return import.meta.env.VITE_SENTRY_DSN || undefined
}

export async function startMonitoring(): Promise<boolean> {
  const configured = dsn()
  if (!configured) return false
  const Sentry = await import('@sentry/react')
  Sentry.init({
    dsn: configured,
    environment: import.meta.env.MODE,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...SENTRY_OPTIONS,
  })
  return true
}

/** Reports an error when monitoring is on; always logs it. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error(error, context ?? '')
  if (!dsn()) return
  void import('@sentry/react').then((Sentry) => Sentry.captureException(error, { extra: context }))
}
