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
})
