/** Reading an expected receptions CSV (issue 34): the rows grouped by reference, each refusal at its line and column. */
import { describe, expect, it } from 'vitest'
import { csvDate, parseReceptionsCsv } from './csv.ts'

describe('expected receptions CSV', () => {
  it('groups the rows of a delivery, in any column order, with French names and dates', () => {
    const csv =
      '\uFEFFSKU;Quantité;Référence;Date prévue\r\nML-0001;24;LIV-1;01/12/2026\r\nML-0002;6;LIV-1;\r\n;;;\r\nML-0003;1;LIV-2;2026-12-03\r\n'
    expect(parseReceptionsCsv(csv)).toEqual({
      notices: [
        {
          reference: 'LIV-1',
          body: {
            reference: 'LIV-1',
            expectedDate: '2026-12-01',
            lines: [
              { sku: 'ML-0001', quantity: 24 },
              { sku: 'ML-0002', quantity: 6 },
            ],
          },
          line: 2,
          lineRows: [2, 3],
        },
        {
          reference: 'LIV-2',
          body: { reference: 'LIV-2', expectedDate: '2026-12-03', lines: [{ sku: 'ML-0003', quantity: 1 }] },
          line: 5,
          lineRows: [5],
        },
      ],
      refused: [],
    })
  })

  it('refuses each bad row at its line and column, and the whole of its delivery', () => {
    const csv = [
      'reference,expected_date,sku,quantity',
      'LIV-1,2026-12-01,ML-0001,0',
      'LIV-1,2026-12-02,ML-0002,3',
      ',2026-12-01,ML-0003,1',
      'LIV-2,demain,,2',
      'LIV-3,2026-12-01,ML-0001,5',
    ].join('\n')
    const { notices, refused } = parseReceptionsCsv(csv)
    expect(notices.map((n) => n.reference)).toEqual(['LIV-3'])
    expect(refused.map((r) => [r.line, r.reference, r.column])).toEqual([
      [2, 'LIV-1', 'quantity'],
      [3, 'LIV-1', 'expected_date'],
      [4, '', 'reference'],
      [5, 'LIV-2', 'expected_date'],
      [5, 'LIV-2', 'sku'],
    ])
    expect(refused[1]?.reason).toBe(
      'Date prévue différente de la ligne 2, première ligne de cette livraison : une livraison a une seule date.',
    )
  })

  it('says what is wrong with the header', () => {
    expect(parseReceptionsCsv('reference;sku;quantity\nA;B;1').refused[0]?.reason).toBe(
      "Colonne(s) manquante(s) dans l'en-tête : expected_date. Téléchargez le modèle pour les noms attendus.",
    )
    expect(
      parseReceptionsCsv('reference;expected_date;sku;quantity;prix\nA;2026-01-01;B;1').refused[0]?.reason,
    ).toMatch(/^Colonne\(s\) inconnue\(s\) dans l'en-tête : prix\./)
    expect(parseReceptionsCsv('').refused[0]?.line).toBe(1)
  })

  it('reads a date as ISO or day first', () => {
    expect(csvDate('2026-12-01')).toBe('2026-12-01')
    expect(csvDate('1/2/2027')).toBe('2027-02-01')
    expect(csvDate('2026/12/01')).toBeNull()
  })
})
