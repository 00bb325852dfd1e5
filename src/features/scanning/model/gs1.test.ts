import { describe, expect, it } from 'vitest'
import { GS, gs1Date, isGs1ElementString, parseGs1, type Gs1Parse } from './gs1.ts'

const parse = (input: string): Gs1Parse => {
  const result = parseGs1(input)
  if (!result) throw new Error(`not parsed: ${JSON.stringify(input)}`)
  return result
}

describe('GS1 element strings', () => {
  it('reads the human-readable form with parentheses', () => {
    const r = parse('(01)09521234543213(17)251231(10)ABC123')
    expect(r.byAi).toEqual({ '01': '09521234543213', '17': '251231', '10': 'ABC123' })
    expect(r.elements.map((e) => e.ai)).toEqual(['01', '17', '10'])
    expect(r.elements[0]?.title).toBe('GTIN')
    expect(r.elements[2]?.title).toBe('Lot')
    expect(r.errors).toEqual([])
  })

  it('reads GS1-128 behind ]C1, a variable field ended by GS', () => {
    const r = parse(`]C1` + '0109521234543213' + '17251231' + '10ABC123' + GS + '21SER1')
    expect(r.byAi).toEqual({ '01': '09521234543213', '17': '251231', '10': 'ABC123', '21': 'SER1' })
    expect(r.errors).toEqual([])
  })

  it('ends a variable field at GS, not at the next thing that looks like an AI', () => {
    const r = parse('10LOT17' + GS + '17261231')
    expect(r.byAi).toEqual({ '10': 'LOT17', '17': '261231' })
    expect(r.errors).toEqual([])
  })

  it('reads GS1 DataMatrix behind ]d2, QR behind ]Q3 and DataBar behind ]e0', () => {
    const data = '0109521234543213' + '21ABC' + GS + '10L1' + GS + '15260300'
    for (const id of [']d2', ']Q3', ']e0']) {
      const r = parse(id + data)
      expect(r.byAi, id).toEqual({ '01': '09521234543213', '21': 'ABC', '10': 'L1', '15': '260300' })
      expect(r.errors, id).toEqual([])
    }
  })

  it('tolerates FNC1 in first position sent as GS, a GS after a fixed field and a trailing GS', () => {
    const r = parse(GS + '0109521234543213' + GS + '10L1' + GS)
    expect(r.byAi).toEqual({ '01': '09521234543213', '10': 'L1' })
    expect(r.errors).toEqual([])
  })

  it('reads AI 37 (count) with AI 02 (contained GTIN) on a logistic label', () => {
    const r = parse('00106141411234567897' + '0209521234543213' + '3712' + GS + '10L7')
    expect(r.byAi).toEqual({ '00': '106141411234567897', '02': '09521234543213', '37': '12', '10': 'L7' })
    expect(r.elements.find((e) => e.ai === '37')?.title).toBe('Quantité')
    expect(r.errors).toEqual([])
  })

  it('reads the SSCC of the GS1 General Specifications from AI 00', () => {
    const r = parse('00106141411234567897')
    expect(r.byAi['00']).toBe('106141411234567897')
    expect(r.elements).toEqual([{ ai: '00', value: '106141411234567897', title: 'SSCC' }])
    expect(r.errors).toEqual([])
  })

  it('reads production date (11) and a 4-digit measure AI (3103, net weight)', () => {
    const r = parse('(11)250115(3103)001250')
    expect(r.byAi).toEqual({ '11': '250115', '3103': '001250' })
    expect(r.errors).toEqual([])
    expect(parse('0109521234543213' + '3103001250' + '10X').byAi['3103']).toBe('001250')
  })

  it('reports a wrong check digit in (01) but keeps the field', () => {
    const r = parse('(01)09521234543214(10)A')
    expect(r.errors).toEqual(['Chiffre de contrôle invalide pour (01)'])
    expect(r.byAi).toEqual({ '01': '09521234543214', '10': 'A' })
    expect(parse('00106141411234567890').errors).toEqual(['Chiffre de contrôle invalide pour (00)'])
    expect(parse(']C1' + '0209521234543210' + '375').errors).toEqual([
      'Chiffre de contrôle invalide pour (02)',
    ])
  })

  it('reports a truncated fixed field and keeps what came before it', () => {
    const r = parse('0109521234543213' + '172512')
    expect(r.byAi).toEqual({ '01': '09521234543213' })
    expect(r.errors).toHaveLength(1)
    expect(r.errors[0]).toMatch(/^Champ \(17\) trop court/)
  })

  it('reports a fixed field cut by GS and goes on after it', () => {
    const r = parse('17251' + GS + '10LOT')
    expect(r.byAi).toEqual({ '10': 'LOT' })
    expect(r.errors[0]).toMatch(/^Champ \(17\) trop court/)
  })

  it('reports letters where digits are required, and a value too long or empty', () => {
    expect(parse('(01)0952123454321A').errors).toEqual(['Champ (01) : seuls des chiffres sont attendus'])
    expect(parse('(37)12A').errors).toEqual(['Champ (37) : seuls des chiffres sont attendus'])
    expect(parse('(17)2512310').errors[0]).toMatch(/^Champ \(17\) trop long/)
    expect(parse('10' + 'X'.repeat(21)).errors[0]).toMatch(/^Champ \(10\) trop long/)
    expect(parse('10' + 'X'.repeat(20)).byAi['10']).toBe('X'.repeat(20))
    expect(parse('10' + GS + '21S').errors).toEqual(['Champ (10) vide'])
  })

  it('stops at an unknown AI with "AI inconnu", keeping the fields before it', () => {
    const r = parse('0109521234543213' + '99' + 'X' + GS + '10L') // 99 is known (internal) …
    expect(r.errors).toEqual([])
    const unknown = parse('0109521234543213' + '05123' + GS + '10L')
    expect(unknown.byAi).toEqual({ '01': '09521234543213' })
    expect(unknown.errors).toEqual(['AI inconnu : 05'])
    expect(parse('0109521234543213' + '7099ABC').errors).toEqual(['AI inconnu : 7099'])
  })

  it('skips an unknown AI in the parenthesised form, where its end is known', () => {
    const r = parse('(01)09521234543213(05)123(10)L')
    expect(r.byAi).toEqual({ '01': '09521234543213', '10': 'L' })
    expect(r.errors).toEqual(['AI inconnu : 05'])
  })

  it('reports an impossible date but keeps it', () => {
    const r = parse('(17)251340')
    expect(r.errors).toEqual(['Date invalide pour (17) : 251340'])
    expect(r.byAi['17']).toBe('251340')
  })

  it('reports a repeated AI with another value', () => {
    expect(parse('(10)A(10)B').errors).toEqual(['AI (10) répété avec une autre valeur'])
    expect(parse('(10)A(10)A').errors).toEqual([])
  })

  it('is null for what is no element string at all', () => {
    expect(parseGs1('')).toBeNull()
    expect(parseGs1('ML-0001')).toBeNull()
    expect(parseGs1('A-01-02-03')).toBeNull()
    expect(parseGs1('(hello)')).toBeNull()
    expect(parseGs1(']E04006381333931')).toBeNull()
    expect(parseGs1(']C1')?.errors).toHaveLength(1)
  })
})

describe('isGs1ElementString', () => {
  it.each([
    ']C10109521234543213',
    ']d2anything',
    ']Q301',
    ']e00109521234543213',
    '(01)09521234543213',
    '(3103)001250',
    '0109521234543213' + '10L' + GS + '21S',
    GS + '0109521234543213',
  ])('says yes to %j', (s) => expect(isGs1ElementString(s)).toBe(true))

  it.each([
    '4006381333931',
    '0109521234543213', // no GS: only the scan parser's stricter rule takes it
    'A-01-02-03',
    'ML-0001',
    '(1)23',
    ']E04006381333931',
    ']C0ABC',
    'AB' + GS + 'CD',
    '05' + GS + '10L',
  ])('says no to %j', (s) => expect(isGs1ElementString(s)).toBe(false))
})

describe('gs1Date', () => {
  it('turns YYMMDD into an ISO date', () => {
    expect(gs1Date('251231')).toBe('2025-12-31')
    expect(gs1Date('260101', 2025)).toBe('2026-01-01')
  })

  it('reads day 00 as the last day of the month, leap years included', () => {
    expect(gs1Date('250200')).toBe('2025-02-28')
    expect(gs1Date('240200', 2025)).toBe('2024-02-29')
    expect(gs1Date('250400', 2025)).toBe('2025-04-30')
    expect(gs1Date('251200', 2025)).toBe('2025-12-31')
  })

  it('follows the GS1 sliding century window', () => {
    expect(gs1Date('750101', 2025)).toBe('2075-01-01') // YY − 25 = 50: this century
    expect(gs1Date('760101', 2025)).toBe('1976-01-01') // 51: the previous one
    expect(gs1Date('990101', 2001)).toBe('1999-01-01')
    expect(gs1Date('010101', 2099)).toBe('2101-01-01') // −98: the next one
    expect(gs1Date('500101', 2099)).toBe('2050-01-01') // −49: still this century
    expect(gs1Date('490101', 2099)).toBe('2149-01-01') // −50: the next one
  })

  it.each(['251301', '250001', '250230', '250431', '2512', '25123a', '', '2512311'])('is null for %j', (s) =>
    expect(gs1Date(s, 2025)).toBeNull(),
  )
})
