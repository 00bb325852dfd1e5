import { endpoints, type UserAccess } from '@contract'
import { HttpResponse, ws } from 'msw'
import { quietDay } from '@/testing/statistics'
import { handle } from './contract.ts'

/** A compact signed-looking JWT; the client only decodes it, the server verifies. */
export function fakeToken(payload: Record<string, unknown> = {}): string {
  const enc = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: '1', username: 'demo', exp, ...payload })}.c2lnbmF0dXJl`
}

export const shops = [
  { slug: 'maison-lumiere', name: 'Maison Lumière', orderCount: 12 },
  { slug: 'atelier-velo', name: 'Atelier Vélo', orderCount: 5 },
  { slug: 'green-cosmetics', name: 'Green Cosmetics' },
]

export function accessWith(overrides: Partial<UserAccess> = {}): UserAccess {
  return {
    warehouse: { roles: ['Picking', 'Shipping', 'Barcode', 'Transfer', 'Print', 'ReturnProduct'] },
    shops,
    debug: false,
    user: { username: 'demo', displayName: 'Demo Entrepôt', email: 'demo@entrepot.test' },
    ...overrides,
  }
}

/** No print agent runs beside jsdom: its websocket is refused at once (QZ Tray's ports). */
const printAgentSocket = ws.link(/^wss?:\/\/localhost(?:\.qz\.io)?:\d+/)

/**
 * The printing context of a configured workstation (docs/specification.md §4): IP report, computer, printers; and
 * today's figures, which the home screen of a warehouse user loads once idle; and whether the site
 * needs its first administrator, which the sign-in page asks (a site with users: no).
 */
export function workstationHandlers() {
  return [
    handle(endpoints.setupStatus, () => ({ needsFirstAdmin: false })),
    handle(endpoints.statisticToday, quietDay),
    // The global search looks a code up as it is typed: by default it names nothing.
    handle(endpoints.globalLookup, () => ({ results: [] })),
    printAgentSocket.addEventListener('connection', ({ client }) => client.close(1011, 'no agent')),
    handle(endpoints.reportUserIp, async ({ request }) => (await request.json()) as { ip: string }),
    handle(endpoints.computerExists, () => new HttpResponse(null, { status: 200 })),
    handle(endpoints.printerList, () => [
      { name: 'Zebra ZD421', use: 'label' as const },
      { name: 'HP LaserJet A4', use: 'a4' as const },
    ]),
  ]
}
