/**
 * The reception screen against an expected reception (issue 34, docs/stock.md): the shop's open
 * notices listed, units received against one counted short / complete / over, a product it did not
 * announce counted as unexpected; an Idempotency-Key replayed counts once; a write refused or rolled
 * back counts nothing; a reception without notice works as before; a staff user without the shop,
 * or another shop's path, gets none of it.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from '../testing/app.ts'
import { announce, ML, noticeId, receive, receivedBySku, screenView } from '../testing/receptions.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import { eanOf, movementCount } from '../testing/stock.ts'

describe('expected receptions: receiving against one', () => {
  let t: TestApp
  let key: Record<string, string>
  let stock: Record<string, string>
  let id = 0
  beforeAll(async () => {
    t = await createTestApp()
    key = bearer(await shopKeyFor(t.app, t.db, ML))
    stock = bearer(await tokenFor(t.app, 'stock'))
    await announce(t.app, key, {
      reference: 'ASN-1',
      expectedDate: '2026-11-30',
      lines: [
        { sku: 'ML-0001', quantity: 10 },
        { sku: 'ML-0002', quantity: 4 },
        { sku: 'ML-0003', quantity: 2 },
      ],
    })
    id = await noticeId(t.db, 'ASN-1')
  })
  afterAll(() => t.close())

  const line = (code: string, quantity: number, location = 'RECEPTION') => ({ code, quantity, location })

  it("lists the shop's open notices for the reception screen", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/${ML}/reception/expected`,
      headers: stock,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().receptions).toEqual([
      expect.objectContaining({
        id,
        reference: 'ASN-1',
        expectedDate: '2026-11-30',
        status: 'open',
        lineCount: 3,
      }),
    ])
  })

  it('counts units short, complete and over, and a product it did not announce as unexpected', async () => {
    const ean = await eanOf(t.db, 'ML-0002')
    const res = await receive(t.app, stock, {
      expected: id,
      lines: [
        line('ML-0001', 6),
        line(ean, 4),
        line('ML-0003', 3),
        line('ML-0009', 1),
        line('ML-0001', 1, 'RETOURS'),
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const { movements, expected } = res.json()
    expect(movements).toHaveLength(5)
    expect(
      expected.lines.map((l: { sku: string; received: number; difference: number; state: string }) => [
        l.sku,
        l.received,
        l.difference,
        l.state,
      ]),
    ).toEqual([
      ['ML-0001', 7, -3, 'short'],
      ['ML-0002', 4, 0, 'complete'],
      ['ML-0003', 3, 1, 'over'],
    ])
    expect(expected.unexpected).toEqual([expect.objectContaining({ sku: 'ML-0009', received: 1 })])
    // What was answered is what is stored, and what the screen reads back.
    expect(await screenView(t.app, stock, id)).toEqual(expected)
    // By the shop's reference too; every movement is linked to the notice.
    const more = await receive(t.app, stock, { expected: 'ASN-1', lines: [line('ML-0001', 3)] })
    expect(more.json().expected.lines[0]).toMatchObject({ received: 10, state: 'complete' })
    const linked = await t.db
      .selectFrom('expected_reception_movements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('expected_reception_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(linked.n)).toBe(6)
  })

  it('counts a replayed Idempotency-Key once', async () => {
    const headers = { ...stock, 'idempotency-key': randomUUID() }
    const payload = { expected: id, lines: [line('ML-0002', 2)] }
    const first = await receive(t.app, headers, payload)
    const movements = await movementCount(t.db)
    const replay = await receive(t.app, headers, payload)
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    expect(await movementCount(t.db)).toBe(movements)
    expect((await receivedBySku(t.db, id))['ML-0002']).toBe(6)
  })

  it('counts nothing when the write is refused or rolled back', async () => {
    const before = await receivedBySku(t.db, id)
    const movements = await movementCount(t.db)
    const refused = await receive(t.app, stock, {
      expected: id,
      lines: [line('ML-0001', 1), line('ML-0001', 1, 'Z-99')],
    })
    expect(refused.statusCode).toBe(404)
    const unknown = await receive(t.app, stock, { expected: 'ASN-404', lines: [line('ML-0001', 1)] })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({
      message:
        'Aucune réception attendue « ASN-404 » pour cette boutique : choisissez-la dans la liste des réceptions attendues.',
      fieldErrors: { expected: [expect.any(String)] },
    })
    // A failure after the movements and the counts are written, before the commit: both undone.
    await sql`create function refuse_link() returns trigger language plpgsql as $$
        begin raise exception 'panne simulée'; end $$;
      create trigger refuse_link before insert on expected_reception_movements
        for each statement execute function refuse_link()`.execute(t.db)
    try {
      const failed = await receive(t.app, stock, { expected: id, lines: [line('ML-0001', 5)] })
      expect(failed.statusCode).toBe(500)
    } finally {
      await sql`drop trigger refuse_link on expected_reception_movements; drop function refuse_link()`.execute(
        t.db,
      )
    }
    expect(await receivedBySku(t.db, id)).toEqual(before)
    expect(await movementCount(t.db)).toBe(movements)
  })

  it('receives without notice as before, and counts nothing against one', async () => {
    const before = await receivedBySku(t.db, id)
    const res = await receive(t.app, stock, { lines: [line('ML-0001', 2)] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('expected')
    expect(await receivedBySku(t.db, id)).toEqual(before)
  })

  it("keeps a shop's notices to its own staff and path", async () => {
    // Another shop's path: its notices only (the id of this one is not found there).
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/client/green-cosmetics/reception/expected/${id}`,
      headers: stock,
    })
    expect(other.statusCode).toBe(404)
    const elsewhere = await receive(
      t.app,
      stock,
      { expected: id, lines: [line('GC-0001', 1)] },
      'green-cosmetics',
    )
    expect(elsewhere.statusCode).toBe(404)
    // A staff user without the shop is refused before anything is read.
    await removeShop(t.db, 'stock', ML)
    const token = bearer(await tokenFor(t.app, 'stock'))
    for (const res of [
      await t.app.inject({ method: 'GET', url: `/api/client/${ML}/reception/expected`, headers: token }),
      await t.app.inject({
        method: 'POST',
        url: `/api/client/${ML}/reception/expected/${id}/close`,
        headers: token,
      }),
      await receive(t.app, token, { expected: id, lines: [line('ML-0001', 1)] }),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
    }
  })
})
