import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelledOrder, upsGroup } from '../testing/carrier-slips.ts'
import { readyOrders, sessionCall, stockAt } from '../testing/picking-session.ts'
import { moved, operatorOf, shopOf, statsReader } from '../testing/statistics.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { wallClock } from '../warehouse-time.ts'

const ML = 'maison-lumiere'

describe('GET /rest/statistic/today: the figures follow the day’s work', () => {
  let t: TestApp
  let read: ReturnType<typeof statsReader>
  let as: (user: string) => Promise<Record<string, string>>
  const post = async (user: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: await as(user), ...(payload && { payload }) })
  // The warehouse's hour (Paris), not the server's: most servers run in UTC.
  const currentHour = () => wallClock(new Date()).hour
  const hourOf = (stats: Awaited<ReturnType<typeof read>>) =>
    stats.hours.find((h) => h.hour === currentHour())

  beforeAll(async () => {
    t = await createTestApp()
    read = statsReader(t.app)
    as = async (user) => bearer(await tokenFor(t.app, user))
    await upsGroup(t.db)
  })
  afterAll(() => t.close())

  it('counts a reception and a scrap in units, for the shop, the warehouse and the operator', async () => {
    const before = await read('demo')
    const line = { code: 'ML-0060', quantity: 3, location: 'E-03-01-01' }
    expect((await post('stock', `/api/client/${ML}/reception/add`, { lines: [line] })).statusCode).toBe(200)
    expect(
      (await post('stock', `/api/client/${ML}/rebut/add`, { ...line, quantity: 1, reason: 1 })).statusCode,
    ).toBe(200)
    const after = await read('demo')
    const units = { unitsReceived: 3, unitsScrapped: 1 }
    expect(moved(shopOf(before, ML)?.figures, shopOf(after, ML)?.figures)).toEqual(units)
    expect(moved(before.warehouse, after.warehouse)).toEqual(units)
    expect(shopOf(after, 'atelier-velo')?.figures).toEqual(shopOf(before, 'atelier-velo')?.figures)
    const hugo = (s: typeof before) => operatorOf(s, 'Hugo Moreau') ?? { unitsReceived: 0, unitsScrapped: 0 }
    expect(hugo(after).unitsReceived - hugo(before).unitsReceived).toBe(3)
    expect(hugo(after).unitsScrapped - hugo(before).unitsScrapped).toBe(1)
  })

  it('counts a pick: the order leaves the ready ones, is printed and picked, in this hour, by its picker', async () => {
    await stockAt(t.db, 'ML-0004', 'C-01-01-01', 100)
    const [order] = await readyOrders(t.db, ML, 'mono', [{ 'ML-0004': 1 }])
    const before = await read('demo')
    const preparateur = sessionCall(t.app, await as('preparateur'))
    const session = (await preparateur('create', { shop: ML, pickingType: 'mono', limit: 1 })).json()
    const task = session.tasks.find((x: { order: string }) => x.order === order)
    const scan = await preparateur(`${session.id}/pick`, { taskId: task.id, action: 'scan', code: 'ML-0004' })
    expect(scan.json().result).toBe('picked')
    const after = await read('demo')

    expect(moved(shopOf(before, ML)?.figures, shopOf(after, ML)?.figures)).toEqual({
      ready: -1,
      printed: 1,
      picked: 1,
    })
    const mono = (s: typeof before) => shopOf(s, ML)?.ready.find((r) => r.pickingType === 'mono')
    expect((mono(after)?.orders ?? 0) - (mono(before)?.orders ?? 0)).toBe(-1)
    expect((mono(after)?.units ?? 0) - (mono(before)?.units ?? 0)).toBe(-1)
    expect((hourOf(after)?.picked ?? 0) - (hourOf(before)?.picked ?? 0)).toBe(1)
    const lucas = (s: typeof before) => operatorOf(s, 'Lucas Bernard')?.picked ?? 0
    expect(lucas(after) - lucas(before)).toBe(1)
  })

  it('counts a pack and a slip closed, and shows the parcel waiting for its carrier until then', async () => {
    const before = await read('demo')
    await labelledOrder(t.app, t.db, await as('expedition'), [
      { skus: ['ML-0001', 'ML-0002'], weightGrams: 900 },
    ])
    const labelled = await read('demo')
    // The dock's stock is received by the helper (2 units), as a pick would have put it there.
    expect(moved(shopOf(before, ML)?.figures, shopOf(labelled, ML)?.figures)).toEqual({
      packed: 1,
      unitsReceived: 2,
    })
    const ups = labelled.carriers.find((c) => c.code === 'ups')
    expect(ups).toMatchObject({ name: 'UPS', parcels: 1, weightGrams: 900 })
    const at = new Date(labelled.at).getTime()
    expect(
      Math.abs(new Date(ups?.pickupAt ?? 0).getTime() - at - (ups?.minutesToPickup ?? 0) * 60_000),
    ).toBeLessThan(60_000)

    expect((await post('expedition', '/rest/warehouse/carrier-slip/UPS')).statusCode).toBe(200)
    const after = await read('demo')
    expect(moved(shopOf(labelled, ML)?.figures, shopOf(after, ML)?.figures)).toEqual({
      shipped: 1,
      unitsShipped: 2,
    })
    expect(moved(labelled.warehouse, after.warehouse)).toEqual({ shipped: 1, unitsShipped: 2 })
    expect(after.carriers.find((c) => c.code === 'ups')).toBeUndefined()
    expect((hourOf(after)?.shipped ?? 0) - (hourOf(before)?.shipped ?? 0)).toBe(1)
    expect((hourOf(after)?.packed ?? 0) - (hourOf(before)?.packed ?? 0)).toBe(1)
    const chloe = (s: typeof before) => operatorOf(s, 'Chloé Petit') ?? { packed: 0, shipped: 0 }
    expect(chloe(after).packed - chloe(before).packed).toBe(1)
    expect(chloe(after).shipped - chloe(before).shipped).toBe(1)
  })

  it('counts the returns received today and their units; a parked one in the warehouse only, an announced one not', async () => {
    const before = await read('demo')
    const { rows } = await sql<{ shop: number; user: number }>`
      select (select id from shops where slug = ${ML}) as shop, (select id from users where username = 'retours') as user
    `.execute(t.db)
    const { shop, user } = rows[0] as { shop: number; user: number }
    const received = (status: string, shopId: number | null, quantities: number[]) =>
      sql`
      with r as (
        insert into returns (shop_id, status, origin_id, wait_reason_id, received_by, received_at)
        values (${shopId}, ${status}, 1, ${status === 'waiting' ? 1 : null}, ${user}, now()) returning id)
      insert into return_lines (return_id, code, quantity, in_order)
      select r.id, 'ML-0001', q, false from r, unnest(${quantities}::integer[]) as q
    `.execute(t.db)
    await received('received', shop, [2, 1])
    await received('waiting', null, [1])
    await sql`insert into returns (shop_id, status, announced_at) values (${shop}, 'announced', now())`.execute(
      t.db,
    )
    const after = await read('demo')
    expect(moved(shopOf(before, ML)?.figures, shopOf(after, ML)?.figures)).toEqual({
      returns: 1,
      unitsReturned: 3,
    })
    expect(moved(before.warehouse, after.warehouse)).toEqual({ returns: 2, unitsReturned: 4 })
    const emma = (s: typeof before) => operatorOf(s, 'Emma Laurent')?.returns ?? 0
    expect(emma(after) - emma(before)).toBe(1)
  })
})
