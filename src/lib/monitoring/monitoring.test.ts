// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const init = vi.fn()
const captureException = vi.fn()
vi.mock('@sentry/react', () => ({
  init,
  captureException,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
}))

beforeEach(() => {
  init.mockClear()
  captureException.mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.unstubAllEnvs())

describe('monitoring', () => {
  it('is off without a DSN: Sentry is never started and errors are not sent', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', '')
    const { startMonitoring, reportError } = await import('./index.ts')
    expect(await startMonitoring()).toBe(false)
    reportError(new Error('boom'))
    await new Promise((r) => setTimeout(r, 0))
    expect(init).not.toHaveBeenCalled()
    expect(captureException).not.toHaveBeenCalled()
  })

  it('starts with SPEC sampling (traces 1, replay 0.1, replay on error 1) and traces to {host}/rest/', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://key@sentry.example.fr/1')
    const { startMonitoring } = await import('./index.ts')
    expect(await startMonitoring()).toBe(true)
    const options = init.mock.calls[0]?.[0]
    expect(options).toMatchObject({
      dsn: 'https://key@sentry.example.fr/1',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      tracePropagationTargets: [`${window.location.origin}/rest/`],
    })
    expect(options.integrations.map((i: { name: string }) => i.name)).toEqual(['BrowserTracing', 'Replay'])
  })

  it('names the release after the build id, so an error points at its build', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://key@sentry.example.fr/1')
    vi.stubEnv('VITE_BUILD_ID', '2026-03-14T09:26:53.589Z')
    const { startMonitoring } = await import('./index.ts')
    await startMonitoring()
    expect(init.mock.calls[0]?.[0]).toMatchObject({ release: '2026-03-14T09:26:53.589Z' })
  })

  it('filters the noise before sending: an offline fetch is dropped, a bug is sent', async () => {
    vi.stubEnv('VITE_SENTRY_DSN', 'https://key@sentry.example.fr/1')
    const { startMonitoring } = await import('./index.ts')
    await startMonitoring()
    const { beforeSend } = init.mock.calls[0]?.[0] as {
      beforeSend: (event: object, hint: object) => object | null
    }
    const event = (value: string) => ({ exception: { values: [{ type: 'TypeError', value }] } })
    expect(beforeSend(event('Failed to fetch'), {})).toBeNull()
    const bug = event("Cannot read properties of undefined (reading 'sku')")
    expect(beforeSend(bug, {})).toBe(bug)
  })
})

describe('releaseOf', () => {
  it('keeps a build id Sentry accepts as it is', async () => {
    const { releaseOf } = await import('./index.ts')
    expect(releaseOf('2026-03-14T09:26:53.589Z')).toBe('2026-03-14T09:26:53.589Z')
    expect(releaseOf('entrepot@1.4.0+5a63d3c')).toBe('entrepot@1.4.0+5a63d3c')
  })

  it('makes a branch-like id acceptable (no slash, no line break, 200 characters) and leaves none unset', async () => {
    const { releaseOf } = await import('./index.ts')
    expect(releaseOf('feature/scan-flow 12')).toBe('feature-scan-flow-12')
    expect(releaseOf('x'.repeat(300))).toHaveLength(200)
    expect(releaseOf(undefined)).toBeUndefined()
    expect(releaseOf('  ')).toBeUndefined()
    expect(releaseOf('..')).toBeUndefined()
  })
})
