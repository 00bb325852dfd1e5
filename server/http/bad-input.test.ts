/**
 * Input the contract lets through but the database cannot store (issue 15's audit): each is a
 * French 400 in the error shape, never a 500.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

const NUL = 'Caractère nul interdit : retirez-le du texte.'
const HALF_PAIR = 'Caractère incomplet (demi-paire UTF-16) : retirez-le du texte.'

describe('bad input the database would refuse', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const post = (url: string, payload: unknown, headers: Record<string, string> = demo) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object })

  it('refuses a NUL character in a text field, on its field, sign-in included', async () => {
    const prefix = await post('/rest/location/find-prefix', { prefix: 'A\u0000' })
    expect(prefix.statusCode).toBe(400)
    expect(prefix.json()).toEqual({ code: 'bad_request', message: NUL, fieldErrors: { prefix: [NUL] } })
    const signIn = await post('/rest/login_check', { username: 'demo\u0000', password: 'demo' }, {})
    expect(signIn.statusCode).toBe(400)
    expect(signIn.json().fieldErrors).toEqual({ username: [NUL] })
  })

  it('refuses a NUL character in a key of the body, and in a path', async () => {
    const key = await post('/rest/location/find-prefix', { prefix: 'A', ['x\u0000']: 1 })
    expect(key.statusCode).toBe(400)
    expect(key.json().message).toBe(NUL)
    const path = await t.app.inject({ method: 'GET', url: '/rest/order/ML%00-1/information', headers: demo })
    expect(path.statusCode).toBe(400)
    expect(path.json()).toMatchObject({ code: 'bad_request', message: NUL })
  })

  // JSON lets a client send half of a UTF-16 pair ("\\ud800"): PGlite stored it as it came, PostgreSQL
  // stored U+FFFD instead, and no screen can show it. Refused, like NUL, on both engines.
  it('refuses half a UTF-16 pair in a text field, a key or a path', async () => {
    const note = await post('/rest/location/find-prefix', { prefix: 'A\ud800' })
    expect(note.statusCode).toBe(400)
    expect(note.json()).toEqual({
      code: 'bad_request',
      message: HALF_PAIR,
      fieldErrors: { prefix: [HALF_PAIR] },
    })
    const low = await post('/rest/login_check', { username: '\udc00demo', password: 'demo' }, {})
    expect(low.json().fieldErrors).toEqual({ username: [HALF_PAIR] })
    const key = await post('/rest/location/find-prefix', { prefix: 'A', ['x\ud83d']: 1 })
    expect(key.json().message).toBe(HALF_PAIR)
    const path = await t.app.inject({
      method: 'GET',
      url: '/rest/order/ML%ED%A0%80-1/information',
      headers: demo,
    })
    expect(path.statusCode).toBe(400)
    // A whole pair (an emoji) is text like any other.
    const emoji = await post('/rest/location/find-prefix', { prefix: 'A\ud83d\ude00' })
    expect(emoji.statusCode).toBe(200)
  })

  it('says in French which sign-in field is too long, as the form itself does', async () => {
    const long = await post(
      '/rest/login_check',
      { username: 'x'.repeat(181), password: 'y'.repeat(4097) },
      {},
    )
    expect(long.statusCode).toBe(400)
    expect(long.json().fieldErrors).toEqual({
      username: ['Identifiant trop long : 180 caractères au plus.'],
      password: ['Mot de passe trop long : 4096 caractères au plus.'],
    })
  })

  it('answers a number over 32 bits with a French 400, not a 500', async () => {
    const res = await post(
      '/api/client/maison-lumiere/rebut/add',
      { code: 'ML-0001', quantity: 1, location: 'A-01-01-01', reason: 2 ** 31 },
      { ...demo, 'idempotency-key': randomUUID() },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'Nombre trop grand : vérifiez la quantité ou le numéro saisi.',
    })
  })
})
