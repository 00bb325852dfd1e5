/**
 * What a whole-app test file needs before each test: a signed-in user (a stored token) on a
 * configured workstation (tests/msw/fixtures.ts), whose access profile is `access()`. Call it once
 * at the top of the file: it registers the hooks and returns the MSW server, to which the file
 * adds its own handlers (in a later beforeEach, or in a test).
 */
import { endpoints, type UserAccess } from '@contract'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { setToken } from '@/lib/session'
import { handle } from '../msw/contract.ts'
import { accessWith, fakeToken, workstationHandlers } from '../msw/fixtures.ts'

export function signedInApp(access: () => UserAccess = () => accessWith()) {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  beforeEach(() => {
    localStorage.clear()
    setToken(null)
    localStorage.setItem('token', JSON.stringify(fakeToken()))
    server.use(...workstationHandlers(), handle(endpoints.userAccess, access), probeAnswered())
  })
  afterEach(() => server.resetHandlers())
  return server
}

/** The server's answer to lib/network-status's probe (asked while it looks unreachable). */
export const probeAnswered = () =>
  http.head('*/rest/openapi.json', () => new HttpResponse(null, { status: 200 }))
/** The probe gets no answer: the server is really out of reach. */
export const probeUnanswered = () => http.head('*/rest/openapi.json', () => HttpResponse.error())
