/**
 * Error reporting (SPEC §1, §9). Off unless VITE_SENTRY_DSN is set at build time; then Sentry is
 * loaded after the first screen has rendered, so it never weighs on the first-screen bundle.
 */
import { apiHost } from '../config.ts'

const dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN

export const monitoringEnabled = Boolean(dsn)

/** SPEC §9 sampling: every trace, 10 % of sessions replayed, every session with an error. */
export const SENTRY_OPTIONS = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  /** SPEC §7.1: traces are propagated to {host}/rest/. */
  tracePropagationTargets: [`${apiHost}/rest/`],
}

export async function startMonitoring(): Promise<void> {
  if (!dsn) return
  const Sentry = await import('@sentry/react')
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [Sentry.browserTracingIntegration()],
    ...SENTRY_OPTIONS,
  })
  // Replay is the heaviest part: fetched as its own chunk once the app is up.
  const replay = await Sentry.lazyLoadIntegration('replayIntegration').catch(() => null)
  if (replay) Sentry.addIntegration(replay())
}

/** Reports an error when monitoring is on; always logs it. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error(error, context ?? '')
  if (!dsn) return
  void import('@sentry/react').then((Sentry) => Sentry.captureException(error, { extra: context }))
}
