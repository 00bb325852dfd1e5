/**
 * Expected receptions from a CSV in the admin area (issue 34): the check writes nothing and names
 * every refused row by line and column in French; the import announces what passes, and a file
 * sent again announces nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECEPTION_CSV_TEMPLATE } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'

describe('expected receptions: the admin CSV import', () => {
  let t: TestApp
  let admin: Record<string, string>
  let shopId = 0
  beforeAll(async () => {
    t = await createTestApp()
    admin = bearer(await tokenFor(t.app, 'demo'))
    ;({ id: shopId } = await t.db
      .selectFrom('shops')
      .select('id')
      .where('slug', '=', 'maison-lumiere')
      .executeTakeFirstOrThrow())
  })
  afterAll(() => t.close())

  const importCsv = (csv: string, dryRun: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/admin/shops/${shopId}/receptions/import`,
      headers: admin,
      payload: { csv, dryRun },
    })
  const file = [
    'reference;expected_date;sku;quantity',
    'CSV-1;2026-12-01;ML-0001;10',
    'CSV-1;;ML-0002;5',
    'CSV-2;2026-12-02;GC-0001;3',
    'CSV-2;2026-12-02;ML-0003;3',
    'CSV-3;2026-12-03;ML-0001;1',
    'CSV-3;2026-12-03;ML-0001;2',
    'CSV 4;2026-12-04;ML-0001;2',
    'CSV-5;2026-12-05;ML-0004;abc',
  ].join('\n')

  it('checks without writing: every refused row by line and column, in French', async () => {
    const checked = await importCsv(file, true)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(checked.json()).toEqual({
      dryRun: true,
      receptions: 5,
      created: 1,
      existing: 0,
      refused: [
        {
          line: 4,
          reference: 'CSV-2',
          column: 'sku',
          reason: 'Produit inconnu de la boutique : « GC-0001 ».',
        },
        {
          line: 7,
          reference: 'CSV-3',
          column: 'sku',
          reason:
            'Ce SKU est déjà plus haut dans cette livraison : une ligne par produit, quantités additionnées.',
        },
        {
          line: 8,
          reference: 'CSV 4',
          column: 'reference',
          reason:
            'Référence : de 1 à 64 caractères, lettres, chiffres et . _ - / # (sans espace), commençant par une lettre ou un chiffre.',
        },
        {
          line: 9,
          reference: 'CSV-5',
          column: 'quantity',
          reason: 'Quantité : un nombre entier de 1 à 100 000.',
        },
      ],
    })
    expect(await t.db.selectFrom('expected_receptions').where('source', '=', 'csv').execute()).toEqual([])
  })

  it('imports what passes, once, and lists it for the admin area', async () => {
    const made = await importCsv(file, false)
    expect(made.json()).toMatchObject({ dryRun: false, created: 1, existing: 0 })
    const again = await importCsv(file, false)
    expect(again.json()).toMatchObject({ created: 0, existing: 1 })
    const differs = await importCsv(
      'reference;expected_date;sku;quantity\nCSV-1;2026-12-01;ML-0001;11\nCSV-1;;ML-0002;5',
      false,
    )
    expect(differs.json().refused).toEqual([
      {
        line: 2,
        reference: 'CSV-1',
        column: 'quantity',
        reason: 'Diffère de la livraison déjà annoncée avec cette référence.',
      },
    ])
    const list = await t.app.inject({
      method: 'GET',
      url: `/rest/admin/shops/${shopId}/receptions`,
      headers: admin,
    })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json()).toEqual([
      expect.objectContaining({
        reference: 'CSV-1',
        source: 'csv',
        status: 'open',
        expectedDate: '2026-12-01',
        lineCount: 2,
        expectedUnits: 15,
        receivedUnits: 0,
      }),
    ])
    const history = await t.db
      .selectFrom('admin_audit')
      .select('after')
      .where('entity', '=', 'receptions')
      .execute()
    expect(history).toHaveLength(1)
  })

  it('takes its own template', async () => {
    const checked = await importCsv(RECEPTION_CSV_TEMPLATE, true)
    expect(checked.json()).toMatchObject({ receptions: 2, created: 2, refused: [] })
  })
})
