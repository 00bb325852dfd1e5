/**
 * Error reporting (docs/specification.md §1, §9). Off unless VITE_SENTRY_DSN is set at build time: then nothing is
 * imported and nothing is sent. When on, Sentry (replay included) is a lazy chunk fetched after the
 * first screen has rendered, from our own origin (no CDN), so it never weighs on the first screen.
 */
import { apiHost } from '../config.ts'

/**
 * Sentry's `release`: the build id (VITE_BUILD_ID, else the build's time: vite.config.ts), so an
 * error names the build it came from and its source maps. Sentry refuses a release holding a slash,
 * a backslash or a line break, or longer than 200 characters, and a CI may pass a branch name.
 */
export function releaseOf(buildId: string | undefined): string | undefined {
  const release = buildId
    ?.trim()
    .replace(/[\\/\s]+/g, '-')
    .slice(0, 200)
  return release && !/^\.{1,2}$/.test(release) ? release : undefined
}

/** docs/specification.md §9 sampling: every trace, 10 % of sessions replayed, every session with an error. */
export const SENTRY_OPTIONS = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  /** docs/specification.md §7.1: traces are propagated to {host}/rest/. */
  tracePropagationTargets: [`${apiHost}/rest/`],
}

function dsn(): string | undefined {
  return import.meta.env.VITE_SENTRY_DSN || undefined
}

export async function startMonitoring(): Promise<boolean> {
  const configured = dsn()
  if (!configured) return false
  // The noise filter loads with Sentry, after the first screen, never in it.
  const [Sentry, { dropNoise }] = await Promise.all([import('@sentry/react'), import('./noise.ts')])
  Sentry.init({
    dsn: configured,
    environment: import.meta.env.MODE,
    release: releaseOf(import.meta.env.VITE_BUILD_ID),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    beforeSend: dropNoise,
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
