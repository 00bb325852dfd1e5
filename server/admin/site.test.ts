/** The admin area's site set-up (issue 16): first administrator, workstations and printers, carriers, lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminCarrier, AdminComputer, AdminListItem } from '../../contract/index.ts'
import { bearer, createTestApp, createTestDb, type TestApp, tokenFor } from '../testing/app.ts'

describe('a new site (SEED=off): the first administrator', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ db: await createTestDb({ seed: false }) })
  })
  afterAll(() => t.close())

  const first = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/setup/first-admin',
      payload: { username, displayName: 'Responsable', password: 'premier-admin' },
    })

  it('refuses a first administrator whose password is among the most common', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/setup/first-admin',
      payload: { username: 'alice', displayName: 'Responsable', password: '12345678' },
    })
    expect([res.statusCode, res.json().fieldErrors.password]).toEqual([
      400,
      ['Mot de passe : trop courant, il figure parmi les plus utilisés. Choisissez-en un autre.'],
    ])
    expect((await t.app.inject({ method: 'GET', url: '/rest/setup/status' })).json()).toEqual({
      needsFirstAdmin: true,
    })
  })

  it('offers the first administrator only while nobody exists, and only once under a race', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/rest/setup/status' })).json()).toEqual({
      needsFirstAdmin: true,
    })
    const [a, b] = await Promise.all([first('alice'), first('bruno')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const winner = a.statusCode === 200 ? a : b
    const access = await t.app.inject({
      method: 'GET',
      url: '/rest/user/access',
      headers: bearer(winner.json().token),
    })
    expect(access.json()).toMatchObject({ adminUrl: '/admin', warehouse: null, shops: [] })
    expect((await t.app.inject({ method: 'GET', url: '/rest/setup/status' })).json()).toEqual({
      needsFirstAdmin: false,
    })
    const late = await first('carla')
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toMatch(/^Le site a déjà des utilisateurs/)
  })
})

describe('admin area: workstations, carriers, box types, lists', () => {
  let t: TestApp
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
  })
  afterAll(() => t.close())

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = demo) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
  /** A floor call from a desk: its source address finds a workstation the browser does not name. */
  const fromDesk = (
    method: 'GET' | 'HEAD',
    url: string,
    headers: Record<string, string>,
    remoteAddress: string,
  ) => t.app.inject({ method, url, headers, remoteAddress })

  it('adds a workstation whose printers the floor then gets, with their language', async () => {
    const body = {
      name: 'Poste emballage 4',
      ip: '10.20.0.44',
      printers: [
        { name: 'Zebra_ZD421', use: 'label', language: 'zpl' },
        { name: 'HP_LaserJet', use: 'a4' },
      ],
    }
    const made = await call('POST', '/rest/admin/computers', body)
    expect(made.statusCode).toBe(200)
    expect((made.json() as AdminComputer).printers).toEqual([
      { name: 'Zebra_ZD421', use: 'label', language: 'zpl' },
      { name: 'HP_LaserJet', use: 'a4', language: 'pdf' },
    ])
    // A worker at that desk (by the request's source address) sees the printers.
    const stock = bearer(await tokenFor(t.app, 'stock'))
    const list = await fromDesk('GET', '/rest/printer/list', stock, '10.20.0.44')
    expect(list.json()).toEqual([
      { name: 'Zebra_ZD421', use: 'label', language: 'zpl' },
      { name: 'HP_LaserJet', use: 'a4', language: 'pdf' },
    ])
    const dup = await call('POST', '/rest/admin/computers', { ...body, name: 'Autre' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().fieldErrors).toEqual({ ip: ["L'adresse 10.20.0.44 est déjà celle d'un autre poste."] })
    const twice = await call('PUT', `/rest/admin/computers/${made.json().id}`, {
      ...body,
      printers: [body.printers[0], body.printers[0]],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe("L'imprimante « Zebra_ZD421 » est en double.")
    const badIp = await call('POST', '/rest/admin/computers', { ...body, name: 'X', ip: '10.20.0' })
    expect(badIp.statusCode).toBe(400)
    expect((await call('DELETE', `/rest/admin/computers/${made.json().id}`)).statusCode).toBe(204)
    const gone = await fromDesk('GET', '/rest/printer/list', stock, '10.20.0.44')
    expect(gone.statusCode).toBe(404)
    const history = (await call('GET', '/rest/admin/audit?entity=computer')).json()
    expect(history.map((e: { action: string }) => e.action)).toEqual(['delete', 'create'])
  })

  it('adds workstations known by their names only, which a named browser then finds', async () => {
    const body = { printers: [{ name: 'Zebra_ZD421', use: 'label' }] }
    const stock = bearer(await tokenFor(t.app, 'stock'))
    // Two workstations known by their names only (no IP): both kept, found by the name a browser sends.
    const byName = await call('POST', '/rest/admin/computers', {
      name: 'Poste Chrome',
      ip: null,
      printers: body.printers,
    })
    expect(byName.statusCode).toBe(200)
    expect(byName.json()).toMatchObject({ name: 'Poste Chrome', ip: null })
    expect(
      (await call('POST', '/rest/admin/computers', { name: 'Poste NAT', ip: null, printers: [] })).statusCode,
    ).toBe(200)
    const named = await fromDesk(
      'GET',
      '/rest/printer/list',
      { ...stock, 'x-workstation': encodeURIComponent('Poste Chrome') },
      '203.0.113.9',
    )
    expect(named.json()).toEqual([{ name: 'Zebra_ZD421', use: 'label', language: 'pdf' }])
  })

  it("changes a carrier's box types and pickup time; adds only carriers this server integrates", async () => {
    const carriers = (await call('GET', '/rest/admin/carriers')).json() as AdminCarrier[]
    const gls = carriers.find((c) => c.code === 'gls')!
    expect(gls.services.length).toBeGreaterThan(0)
    const body = {
      name: gls.name,
      maxParcelGrams: 25_000,
      boxTypes: gls.boxTypes.slice(0, 1),
      slipGroup: { ...gls.slipGroup!, pickupTime: '17:45' },
    }
    const changed = await call('PUT', `/rest/admin/carriers/${gls.id}`, body)
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      maxParcelGrams: 25_000,
      boxTypes: gls.boxTypes.slice(0, 1),
      slipGroup: { pickupTime: '17:45' },
    })
    const unknownBox = await call('PUT', `/rest/admin/carriers/${gls.id}`, { ...body, boxTypes: ['ZZZ'] })
    expect(unknownBox.json().message).toBe('Carton inconnu : ZZZ.')
    const badTime = await call('PUT', `/rest/admin/carriers/${gls.id}`, {
      ...body,
      slipGroup: { ...body.slipGroup, pickupTime: '25:00' },
    })
    expect(badTime.statusCode).toBe(400)
    const invented = await call('POST', '/rest/admin/carriers', { ...body, code: 'pigeon', slipGroup: null })
    expect(invented.statusCode).toBe(400)
    expect(invented.json().message).toMatch(/^Transporteur inconnu de ce serveur/)
    const ups = await call('POST', '/rest/admin/carriers', {
      ...body,
      code: 'ups',
      name: 'UPS',
      slipGroup: { code: 'UPS', name: 'UPS', pickupTime: '16:00', dockLane: 'Quai 5' },
    })
    expect(ups.statusCode).toBe(200)
    expect(ups.json()).toMatchObject({
      code: 'ups',
      name: 'UPS',
      slipGroup: { code: 'UPS', pickupTime: '16:00' },
    })
    expect(ups.json().services.length).toBeGreaterThan(0)
  })

  it("keeps a carrier's slip group once set: its slips carry its code", async () => {
    const carriers = (await call('GET', '/rest/admin/carriers')).json() as AdminCarrier[]
    const gls = carriers.find((c) => c.code === 'gls')!
    const res = await call('PUT', `/rest/admin/carriers/${gls.id}`, {
      name: gls.name,
      maxParcelGrams: gls.maxParcelGrams,
      boxTypes: gls.boxTypes,
      slipGroup: null,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().fieldErrors).toEqual({
      slipGroup: ['Ce transporteur a des bordereaux : son groupe ne peut plus être retiré.'],
    })
    const kept = (await call('GET', '/rest/admin/carriers')).json() as AdminCarrier[]
    expect(kept.find((c) => c.code === 'gls')!.slipGroup).toEqual(gls.slipGroup)
  })

  it('adds a box type and refuses one heavier empty than full', async () => {
    const box = {
      code: 'XXL',
      name: 'Carton XXL',
      innerLengthMm: 800,
      innerWidthMm: 600,
      innerHeightMm: 500,
      tareGrams: 900,
      maxWeightGrams: 30_000,
    }
    expect((await call('POST', '/rest/admin/box-types', box)).statusCode).toBe(200)
    const wrong = await call('POST', '/rest/admin/box-types', { ...box, code: 'XXS', maxWeightGrams: 500 })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fieldErrors).toEqual({
      maxWeightGrams: ['Poids maximal : il doit dépasser le poids à vide.'],
    })
  })

  it('reorders, renames, adds and retires scrap reasons; the floor sees only the active ones, in order', async () => {
    const list = (await call('GET', '/rest/admin/lists/scrap-reasons')).json() as AdminListItem[]
    const [a, b, ...rest] = list
    const items = [
      { id: b!.id, label: b!.label, active: true },
      { id: a!.id, label: `${a!.label} (renommé)`, active: true },
      { label: 'Emballage écrasé', active: true },
      ...rest.slice(1).map((i) => ({ id: i.id, label: i.label, active: i.active })),
    ]
    const saved = await call('PUT', '/rest/admin/lists/scrap-reasons', { items })
    expect(saved.statusCode).toBe(200)
    const floor = (await call('GET', '/rest/warehouse/rebutreason/list')).json() as { label: string }[]
    expect(floor.map((r) => r.label)).toEqual([
      b!.label,
      `${a!.label} (renommé)`,
      'Emballage écrasé',
      ...rest.slice(1).map((i) => i.label),
    ])
    // Left out: retired, not deleted (past movements name it).
    const after = (await call('GET', '/rest/admin/lists/scrap-reasons')).json() as AdminListItem[]
    expect(after.find((i) => i.id === rest[0]!.id)).toMatchObject({ label: rest[0]!.label, active: false })
    const dup = await call('PUT', '/rest/admin/lists/scrap-reasons', {
      items: [
        { label: 'Casse', active: true },
        { label: 'casse', active: true },
      ],
    })
    expect(dup.statusCode).toBe(400)
    expect(dup.json().message).toBe('« casse » est en double dans la liste.')
  })

  it('refuses, in French, a new item that takes the label of one it retires (never a 500)', async () => {
    const list = (await call('GET', '/rest/admin/lists/return-origins')).json() as AdminListItem[]
    const [first, ...rest] = list.filter((i) => i.active)
    const items = [
      ...rest.map((i) => ({ id: i.id, label: i.label, active: true })),
      { label: first!.label, active: true },
    ]
    const res = await call('PUT', '/rest/admin/lists/return-origins', { items })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `« ${first!.label} » existe déjà, retiré : réactivez-le plutôt que de le créer à nouveau.`,
    )
  })

  it('stores a workstation IP in one spelling, so a mapped or upper-case address still finds it', async () => {
    const made = await call('POST', '/rest/admin/computers', {
      name: 'Poste IPv6',
      ip: '::FFFF:10.9.8.7',
      printers: [],
    })
    expect(made.json().ip).toBe('10.9.8.7')
    const again = await call('POST', '/rest/admin/computers', { name: 'Autre', ip: '10.9.8.7', printers: [] })
    expect(again.statusCode).toBe(409)
    const stock = bearer(await tokenFor(t.app, 'stock'))
    const found = await fromDesk('HEAD', '/rest/computer/exist', stock, '::ffff:10.9.8.7')
    expect(found.statusCode).toBe(200)
  })
})
