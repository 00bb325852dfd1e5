// @vitest-environment jsdom
import { endpoints } from '@contract'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiError, handle } from '../../../tests/msw/contract.ts'
import { fakeToken } from '../../../tests/msw/fixtures.ts'
import { deviceTokenFor, keepDeviceToken } from './device-tokens.ts'
import { signIn } from './sign-in.ts'
import { getToken, setToken } from './token-store.ts'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  setToken(null)
})
afterEach(() => {
  server.resetHandlers()
  setToken(null)
})

describe('signIn', () => {
  it("sends this device's token for the account, keeps the answered one and stores the session", async () => {
    const token = fakeToken({ username: 'demo' })
    const sent: unknown[] = []
    server.use(
      handle(endpoints.loginCheck, async ({ request }) => {
        sent.push(await request.json())
        return { token, device: 'd2.s2' }
      }),
    )
    keepDeviceToken('demo', 'd1.s1')
    await expect(signIn({ username: 'Demo', password: 'secret' })).resolves.toEqual({
      token,
      device: 'd2.s2',
    })
    expect(sent).toEqual([{ username: 'Demo', password: 'secret', device: 'd1.s1' }])
    expect(deviceTokenFor('demo')).toBe('d2.s2')
    expect(getToken()).toBe(token)
  })

  it('sends no device token when none is kept, and changes nothing when refused', async () => {
    const sent: unknown[] = []
    server.use(
      handle(endpoints.loginCheck, async ({ request }) => {
        sent.push(await request.json())
        return apiError(401, 'invalid_credentials', 'Identifiants invalides.')
      }),
    )
    await expect(signIn({ username: 'demo', password: 'faux' })).rejects.toThrow()
    expect(sent).toEqual([{ username: 'demo', password: 'faux' }])
    expect(deviceTokenFor('demo')).toBeUndefined()
    expect(getToken()).toBeNull()
  })
})
