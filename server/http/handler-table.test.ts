/**
 * The server's handler table is built from the route modules' exports (routes/index.ts): the
 * type errors below are the contract of handlerTable, checked by tsc (npm run typecheck); an
 * unused @ts-expect-error fails it too, so each line proves its case is still refused.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoint } from '../../contract/index.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { handlers } from '../routes/index.ts'
import { handlerTable, type Handler } from './register.ts'

const table = {
  ping: endpoint({
    method: 'GET',
    path: '/rest/ping',
    summary: 'ping',
    auth: 'public',
    response: z.string(),
  }),
  pong: endpoint({
    method: 'GET',
    path: '/rest/pong',
    summary: 'pong',
    auth: 'public',
    response: z.string(),
  }),
}
type T = typeof table
const ping: Handler<T['ping']> = async () => 'ping'
const pong: Handler<T['pong']> = async () => 'pong'
/** What a route module exports besides its handlers: constants and helpers. */
const helpers = { PING_MESSAGES: { late: 'en retard' }, escape: (text: string) => text, MAX: 3 }

describe('handlerTable', () => {
  it('takes one handler per endpoint and leaves the other exports out', () => {
    expect(Object.keys(handlerTable(table, { ...helpers, ping, pong }))).toEqual(['ping', 'pong'])
  })

  it('refuses, at type-check and at start, an endpoint without a handler', () => {
    // @ts-expect-error pong has no handler
    expect(() => handlerTable(table, { ...helpers, ping })).toThrow('no handler for the endpoint pong')
  })

  it('refuses, at type-check, a handler named like no endpoint: misspelt or left over', () => {
    // @ts-expect-error pongg is misspelt (and pong is then missing)
    expect(() => handlerTable(table, { ping, pongg: pong })).toThrow('no handler for the endpoint pong')
    // @ts-expect-error stale is a handler of no endpoint
    expect(Object.keys(handlerTable(table, { ping, pong, stale: ping }))).toEqual(['ping', 'pong'])
  })

  it("refuses, at type-check, a handler of another endpoint's types", () => {
    const wrong: Handler<T['ping']> = async () => 'x'
    const table2 = {
      ...table,
      count: endpoint({ method: 'GET', path: '/rest/n', summary: 'n', auth: 'public', response: z.int() }),
    }
    // @ts-expect-error count answers a number, not a string
    handlerTable(table2, { ping, pong, count: wrong })
  })

  it("the server's table has exactly the contract's endpoints", () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(endpoints).sort())
  })
})
