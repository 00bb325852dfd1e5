import { describe, expect, it } from 'vitest'
import { CSV_MESSAGES, parseProductsCsv, splitCsvLine } from './products-csv.ts'

describe('parseProductsCsv', () => {
  it('reads a French spreadsheet export: BOM, header, semicolons, quotes, CRLF, weight with a space', () => {
    const csv =
      '\uFEFFSKU;EAN;Nom;Poids (g)\r\nML-1;3760010000014;"Lampe ""Arc"" ; laiton";1 200\r\n\r\nML-2;3760010000021;Abat-jour;\r\n'
    const { products, refused } = parseProductsCsv(csv)
    expect(refused).toEqual([])
    expect(products).toEqual([
      { line: 2, sku: 'ML-1', ean13: '3760010000014', name: 'Lampe "Arc" ; laiton', weightGrams: 1200 },
      { line: 4, sku: 'ML-2', ean13: '3760010000021', name: 'Abat-jour', weightGrams: null },
    ])
  })

  it('takes commas or tabs, and a file without a header', () => {
    expect(parseProductsCsv('A-1,3760010000014,Lampe,350').products[0]?.weightGrams).toBe(350)
    expect(parseProductsCsv('A-1\t3760010000014\tLampe\t350').products[0]?.name).toBe('Lampe')
  })

  it('lists every refused row with its line and why, and keeps the good ones', () => {
    const csv = [
      'sku;ean;nom;poids',
      'OK-1;3760010000014;Bon;100',
      'BAD SKU;3760010000021;Espace;100',
      'OK-2;3760010000015;Clé fausse;100',
      'OK-3;3760010000021;;100',
      'OK-4;3760010000021;Poids;0,5',
      'ok-1;3760010000038;Doublon;100',
      'OK-5;3760010000014;EAN doublon;100',
      'OK-6;3760010000045',
      'OK-7;"3760010000052;Ouvert',
    ].join('\n')
    const { products, refused } = parseProductsCsv(csv)
    expect(products.map((p) => p.sku)).toEqual(['OK-1'])
    expect(refused).toEqual([
      { line: 3, sku: 'BAD SKU', reason: CSV_MESSAGES.sku },
      { line: 4, sku: 'OK-2', reason: CSV_MESSAGES.ean },
      { line: 5, sku: 'OK-3', reason: CSV_MESSAGES.name },
      { line: 6, sku: 'OK-4', reason: CSV_MESSAGES.weight },
      { line: 7, sku: 'ok-1', reason: CSV_MESSAGES.skuTwice(2) },
      { line: 8, sku: 'OK-5', reason: CSV_MESSAGES.eanTwice(2) },
      { line: 9, sku: 'OK-6', reason: CSV_MESSAGES.columns(2) },
      { line: 10, sku: 'OK-7', reason: CSV_MESSAGES.quote },
    ])
  })

  it('says an empty file is empty', () => {
    expect(parseProductsCsv(' \n\n').refused).toEqual([{ line: 1, sku: '', reason: CSV_MESSAGES.empty }])
  })

  it('splits quoted fields with doubled quotes', () => {
    expect(splitCsvLine('a;"b;""c""";d', ';')).toEqual(['a', 'b;"c"', 'd'])
    expect(splitCsvLine('a;"b', ';')).toBeNull()
  })
})
