/**
 * The authorisation matrix (issue 15), generated from the contract's endpoint table: see
 * server/testing/authorization-matrix-cases.ts. One test per endpoint runs all of its cells and lists every cell
 * that disagrees with the contract in one message: a test per cell would be a thousand tests.
 */
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../contract/endpoints.ts'
import type { EndpointDef } from '../../contract/index.ts'
import { DEMO_USERS } from '../db/seed/people.ts'
import { createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import {
  type Access,
  BAD_TOKENS,
  badTokens,
  type Cell,
  cellLabel,
  cellsOf,
  type Expected,
  expected,
  readAccess,
  requestOf,
  sampleParams,
} from '../testing/authorization-matrix-cases.ts'
import { MESSAGES } from './errors.ts'

// Signing out ends the token it is sent with, which every other cell uses too: its cells run last.
const table = (Object.entries(endpoints) as [string, EndpointDef][]).sort(
  ([a], [b]) => Number(a === 'logout') - Number(b === 'logout'),
)
const usernames = DEMO_USERS.map((u) => u.username)
const cells = new Map(table.map(([name, def]) => [name, cellsOf(def, usernames)]))

interface Planned {
  label: string
  request: ReturnType<typeof requestOf>
  expect: Expected
}
/** The cells with their request and expected answer, once the accounts are read. */
const plan = new Map<string, Planned[]>()
/** The demo accounts as the cells see them, after the shop removal below. */
let accounts: Access[] = []
let allShops: string[] = []
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  const before = await readAccess(t.db)
  // The demo's warehouse accounts hold every shop: each gives up the last one here, so a caller
  // whose role passes still has a shop to be refused.
  const last = before.shops.at(-1) as string
  for (const user of before.users)
    if (user.shops.length === before.shops.length) await removeShop(t.db, user.username, last)
  const { users, shops } = await readAccess(t.db)
  const access = new Map(users.map((u) => [u.username, u]))
  accounts = usernames.map((u) => access.get(u) as Access)
  allShops = shops
  const tokens = new Map(
    await Promise.all(usernames.map(async (u) => [u, await tokenFor(t.app, u)] as const)),
  )
  // Bad tokens claim the account with the most roles, from the genuine token of the one with least.
  const byRoles = [...accounts].sort((a, b) => b.roles.length - a.roles.length)
  const victim = byRoles[0] as Access
  const bad = await badTokens(victim, tokens.get((byRoles.at(-1) as Access).username) as string)
  const shopKey = await shopKeyFor(t.app, t.db, shops[0] as string)

  for (const [name, def] of table) {
    const planned = (cells.get(name) as Cell[]).map((cell) => {
      const user = 'username' in cell.caller ? (access.get(cell.caller.username) as Access) : null
      const holder = user ?? victim
      const slug =
        cell.shop === 'own'
          ? (holder.shops[0] ?? null)
          : cell.shop === 'foreign'
            ? (shops.find((s) => !holder.shops.includes(s)) ?? null)
            : null
      const token =
        'username' in cell.caller
          ? (tokens.get(cell.caller.username) as string)
          : 'shopKey' in cell.caller
            ? shopKey
            : bad[cell.caller.badToken]
      const kind = 'shopKey' in cell.caller ? 'shopKey' : token === null ? 'none' : 'token'
      return {
        label: cellLabel(def, cell, user, slug),
        request: requestOf(def, sampleParams(def, slug), token),
        expect: expected(def, user, slug, kind),
      }
    })
    plan.set(name, planned)
  }
})

afterAll(() => t?.close())

/** Why the answer breaks the contract, or null. */
function disagreement(method: string, want: Expected, status: number, body: string): string | null {
  const got = `got ${status} ${body.slice(0, 200)}`
  if (status >= 500) return `a server error: ${got}`
  if (want.allowed) return status === 401 || status === 403 ? `expected to be let through, ${got}` : null
  const wanted = `expected ${want.status} ${JSON.stringify(want.body)}, ${got}`
  if (status !== want.status) return wanted
  if (method === 'HEAD') return null // a HEAD answer has no body to compare
  try {
    return isDeepStrictEqual(JSON.parse(body), want.body) ? null : wanted
  } catch {
    return wanted
  }
}

/** Cells of one endpoint in flight at once: well under the load-shedding limit (http/load-shed.ts). */
const CHUNK = 8

describe('authorisation matrix generated from contract/endpoints.ts', () => {
  it('covers every endpoint of the table, with each kind of rule present', () => {
    expect(cells.size).toBe(Object.keys(endpoints).length)
    expect(plan.size).toBe(cells.size)
    for (const list of cells.values())
      expect(list.length).toBeGreaterThanOrEqual(BAD_TOKENS.length + usernames.length)
    const defs = table.map(([, def]) => def)
    expect(defs.some((d) => d.auth === 'public')).toBe(true)
    expect(defs.some((d) => d.auth === 'user' && !d.roles && !d.warehouse && !d.shopParam)).toBe(true)
    expect(defs.some((d) => d.roles)).toBe(true)
    expect(defs.some((d) => d.warehouse)).toBe(true)
    expect(defs.some((d) => d.shopParam)).toBe(true)
    // Each verdict is expected somewhere, the shop refusal included: the matrix tests every rule.
    const verdicts = new Set(
      [...plan.values()]
        .flat()
        .map(({ expect: e }) => (e.allowed ? 'allowed' : `${e.status} ${e.body.message}`)),
    )
    expect(verdicts).toContain('allowed')
    expect(verdicts).toContain(`401 ${MESSAGES.unauthorized}`)
    expect(verdicts).toContain(`403 ${MESSAGES.forbidden}`)
    // The shop the warehouse accounts gave up in beforeAll: refused although their role passes.
    expect(verdicts).toContain(`403 ${MESSAGES.shopForbidden(allShops.at(-1) as string)}`)
    // Each account has a shop of its own and one it lacks, so both shop cells mean something.
    expect(accounts).toHaveLength(usernames.length)
    for (const account of accounts) {
      expect(account.shops.length, account.username).toBeGreaterThan(0)
      expect(account.shops.length, account.username).toBeLessThan(allShops.length)
    }
  })

  it.each(table.map(([name, def]) => ({ name, title: `${def.method} ${def.path}` })))(
    '$title ($name)',
    async ({ name }) => {
      const planned = plan.get(name) as Planned[]
      const failures: string[] = []
      for (let i = 0; i < planned.length; i += CHUNK) {
        await Promise.all(
          planned.slice(i, i + CHUNK).map(async (cell) => {
            const res = await t.app.inject(cell.request)
            const problem = disagreement(cell.request.method, cell.expect, res.statusCode, res.body)
            if (problem) failures.push(`${cell.label} → ${problem}`)
          }),
        )
      }
      expect(failures).toEqual([])
    },
  )
})
