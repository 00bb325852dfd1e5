/** The admin area's locations (issue 16): a new site (SEED=off) gets its locations without SQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminLocation, AuditEntry } from '../../contract/index.ts'
import { bearer, createTestApp, createTestDb, type TestApp, tokenFor } from '../testing/app.ts'

describe('admin area: locations on a new site', () => {
  let t: TestApp
  let admin: Record<string, string>
  let worker: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp({ db: await createTestDb({ seed: false }) })
    const first = await t.app.inject({
      method: 'POST',
      url: '/rest/setup/first-admin',
      payload: { username: 'alice', displayName: 'Responsable', password: 'premier-admin' },
    })
    admin = bearer(first.json().token)
    const made = await call('POST', '/rest/admin/users', admin, {
      username: 'marc',
      password: 'etiquettes-1',
      displayName: 'Marc',
      warehouseAccess: true,
      roles: ['Barcode'],
    })
    expect(made.statusCode).toBe(200)
    worker = bearer(await tokenFor(t.app, 'marc', 'etiquettes-1'))
  })
  afterAll(() => t.close())

  function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
    return t.app.inject({ method, url, headers, ...(payload && { payload }) })
  }
  const create = (payload: object, headers = admin) => call('POST', '/rest/admin/locations', headers, payload)
  const list = async () => (await call('GET', '/rest/admin/locations', admin)).json() as AdminLocation[]

  it('is for administrators only', async () => {
    for (const res of [
      await call('GET', '/rest/admin/locations', worker),
      await create({ names: ['A-01-01-01'], kind: 'storage' }, worker),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('Réservé aux administrateurs.')
    }
    expect(await list()).toEqual([])
  })

  it('creates locations whose labels a worker with the Barcode role can then print', async () => {
    const names = ['A-01-01-02', ' A-01-01-01 ', 'a-01-01-10', 'B.2/3_x']
    const res = await create({ names, kind: 'storage' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      created: ['A-01-01-02', 'A-01-01-01', 'a-01-01-10', 'B.2/3_x'],
      existing: [],
    })
    // Byte order, as the labels sort: upper case before lower case.
    expect((await list()).map(({ name, kind }) => [name, kind])).toEqual([
      ['A-01-01-01', 'storage'],
      ['A-01-01-02', 'storage'],
      ['B.2/3_x', 'storage'],
      ['a-01-01-10', 'storage'],
    ])
    const printed = await call('POST', '/rest/print/location-labels', worker, {
      names: ['A-01-01-01', 'A-01-01-02'],
    })
    expect(printed.statusCode).toBe(200)
    expect(printed.json()).toMatchObject({ title: 'Étiquettes emplacement (2)', format: 'pdf' })
  })

  it('reports the names that exist already (any case) and does not duplicate them', async () => {
    const res = await create({
      names: ['a-01-01-01', 'RECEPTION', 'Reception', 'A-01-01-02'],
      kind: 'reception',
    })
    expect(res.json()).toEqual({ created: ['RECEPTION'], existing: ['A-01-01-01', 'A-01-01-02'] })
    const all = await list()
    expect(all.filter((l) => l.name.toLowerCase() === 'a-01-01-01')).toHaveLength(1)
    expect(all.find((l) => l.name === 'A-01-01-01')?.kind).toBe('storage')
    expect(all.find((l) => l.name === 'RECEPTION')?.kind).toBe('reception')
    const again = await create({ names: ['reception'], kind: 'reception' })
    expect(again.json()).toEqual({ created: [], existing: ['RECEPTION'] })
  })

  it('refuses a name that cannot be printed as a barcode, or a wrong kind, in French', async () => {
    const accent = await create({ names: ['A-01', 'ÉTAGÈRE 1'], kind: 'storage' })
    expect(accent.statusCode).toBe(400)
    expect(accent.json().fieldErrors['names.1']).toEqual([
      'Emplacement : lettres sans accent, chiffres et . _ / - seulement (il est imprimé en code-barres).',
    ])
    const long = await create({ names: ['A'.repeat(65)], kind: 'storage' })
    expect(long.json().fieldErrors['names.0']).toEqual(['Emplacement : 64 caractères au plus.'])
    const none = await create({ names: [], kind: 'storage' })
    expect(none.json().fieldErrors.names).toEqual(['Aucun emplacement à créer.'])
    expect((await create({ names: ['X-1'], kind: 'attic' })).statusCode).toBe(400)
    expect((await list()).some((l) => l.name === 'A-01')).toBe(false)
  })

  it('records each creation in the history, with who did it and the names made', async () => {
    const entries = (await call('GET', '/rest/admin/audit?entity=locations', admin)).json() as AuditEntry[]
    expect(entries.map((e) => [e.actor, e.entityKey, e.action, e.before, e.after])).toEqual([
      ['alice', 'Réception', 'create', null, { created: ['RECEPTION'] }],
      [
        'alice',
        'Stockage',
        'create',
        null,
        { created: ['A-01-01-02', 'A-01-01-01', 'a-01-01-10', 'B.2/3_x'] },
      ],
    ])
  })
})
