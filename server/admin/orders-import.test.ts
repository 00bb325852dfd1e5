/**
 * Orders from a CSV in the admin area (issue 33): the shop API's checks, refusals by file line and
 * column, a dry run that writes nothing, an import that makes each order once.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderImportResult } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { skusOf } from '../testing/shop-api.ts'

describe('admin area: orders from a CSV', () => {
  let t: TestApp
  let demo: Record<string, string>
  let shopId = 0
  let sku: string[] = []
  beforeAll(async () => {
    t = await createTestApp()
    demo = bearer(await tokenFor(t.app, 'demo'))
    shopId = (
      await t.db.selectFrom('shops').select('id').where('slug', '=', 'atelier-velo').executeTakeFirstOrThrow()
    ).id
    sku = await skusOf(t.db, 'atelier-velo', 3)
  })
  afterAll(() => t.close())

  const send = (csv: string, dryRun: boolean, headers = demo) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/admin/shops/${shopId}/orders/import`,
      headers,
      payload: { csv, dryRun },
    })
  const file = () =>
    [
      'reference;sku;quantite;nom;adresse1;code_postal;ville;pays;telephone;message_cadeau',
      `CSV-1;${sku[0]};1;Léa Dubois;19 rue des Lilas;75019;Paris;FR;06 12 34 56 78;`,
      `CSV-2;${sku[0]};2;Ελένη Νικολάου;Οδός Ερμού 25;105 63;Αθήνα;GR;;Χρόνια πολλά`,
      `CSV-2;${sku[1]};1;;;;;;;`,
      `CSV-3;${sku[0]};1;Hans Müller;Hauptstraße 5;1011;Berlin;DE;;`,
      `CSV-4;INCONNU-99;1;Ann;1 Main St;SW1A 1AA;London;GB;;`,
    ].join('\n')
  const orders = () =>
    t.db
      .selectFrom('orders')
      .select(['external_ref', 'source', 'picking_type', 'ship_city', 'ship_phone', 'status'])
      .where('shop_id', '=', shopId)
      .where('source', '=', 'csv')
      .orderBy('external_ref')
      .execute()

  it('lists on a dry run each refused order by line and column, and writes nothing', async () => {
    const counter = await sql<{
      last: number
    }>`select last from shop_order_counters where shop_id = ${shopId}`.execute(t.db)
    const res = await send(file(), true)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      dryRun: true,
      orders: 4,
      created: 2,
      existing: 0,
      refused: [
        {
          line: 5,
          reference: 'CSV-3',
          column: 'code_postal',
          reason: expect.stringMatching(/code postal/i),
        },
        { line: 6, reference: 'CSV-4', column: 'sku', reason: expect.stringContaining('INCONNU-99') },
      ],
    } satisfies OrderImportResult)
    expect(await orders()).toEqual([])
    // Not even an order number taken.
    const after = await sql<{
      last: number
    }>`select last from shop_order_counters where shop_id = ${shopId}`.execute(t.db)
    expect(after.rows).toEqual(counter.rows)
  })

  it('creates the orders that pass, with their derived type and checked ship-to; a second import makes none again', async () => {
    const first = (await send(file(), false)).json() as OrderImportResult
    expect(first).toMatchObject({ dryRun: false, orders: 4, created: 2, existing: 0 })
    expect(await orders()).toEqual([
      {
        external_ref: 'CSV-1',
        source: 'csv',
        picking_type: 'mono_classic',
        ship_city: 'Paris',
        ship_phone: '+33612345678',
        status: 'to_pick',
      },
      {
        external_ref: 'CSV-2',
        source: 'csv',
        picking_type: 'multi_gift',
        ship_city: 'Αθήνα',
        ship_phone: null,
        status: 'to_pick',
      },
    ])
    const again = (await send(file(), false)).json() as OrderImportResult
    expect(again).toMatchObject({ created: 0, existing: 2 })
    expect(await orders()).toHaveLength(2)
    // The same reference with another content is refused, naming the column.
    const changed = (await send(file().replace(`CSV-1;${sku[0]};1;`, `CSV-1;${sku[0]};3;`), true)).json()
    expect(changed.refused).toContainEqual({
      line: 2,
      reference: 'CSV-1',
      column: 'quantite',
      reason: 'Diffère de la commande déjà envoyée avec cette référence.',
    })
    const history = await t.db
      .selectFrom('admin_audit')
      .select(['entity', 'entity_key', 'after'])
      .where('entity', '=', 'orders')
      .execute()
    expect(history).toEqual([
      { entity: 'orders', entity_key: 'atelier-velo', after: { created: 2, existing: 0, refused: 2 } },
    ])
  })

  it('says what is wrong with the file itself, and is for administrators only', async () => {
    const res = await send('nom;ville\nA;B', true)
    expect(res.json().refused).toEqual([
      expect.objectContaining({
        line: 1,
        column: null,
        reason: expect.stringMatching(/^Colonne\(s\) manquante\(s\)/),
      }),
    ])
    const packer = bearer(await tokenFor(t.app, 'expedition'))
    expect((await send(file(), true, packer)).statusCode).toBe(403)
  })
})
