import { describe, expect, it } from 'vitest'
import { colissimoKey, glsCheckDigit, mod37_36, s10CheckDigit, upsCheckDigit } from './check-digits.ts'

describe('UPU S10 check digit', () => {
  it.each([
    // The worked example of the S10 standard (and of every description of it): 47312482 -> 9.
    ['RR473124829GB', '47312482', 9],
    // Test numbers of jkeen/tracking_number_data (couriers/s10.json).
    ['RB123456785GB', '12345678', 5],
    // A Chronopost skybill number in its published form.
    ['XN081879383FR', '08187938', 3],
  ])('%s', (_number, serial, check) => expect(s10CheckDigit(serial)).toBe(check))

  it('maps 10 to 0 and 11 to 5', () => {
    // 11 - (sum mod 11) is 10 when the sum leaves 1, and 11 when it leaves 0: find serials of both
    // kinds among the first 200 and check the mapping on them.
    const remainderOf = (serial: string) =>
      [...serial].reduce((s, d, i) => s + Number(d) * ([8, 6, 4, 2, 3, 5, 9, 7][i] as number), 0) % 11
    const serials = Array.from({ length: 200 }, (_, i) => String(i).padStart(8, '0'))
    const ten = serials.find((s) => remainderOf(s) === 1) as string
    const eleven = serials.find((s) => remainderOf(s) === 0 && s !== '00000000') as string
    expect(s10CheckDigit(ten)).toBe(0)
    expect(s10CheckDigit(eleven)).toBe(5)
    expect(s10CheckDigit('00000000')).toBe(5)
  })

  it('needs 8 digits', () => expect(() => s10CheckDigit('1234567')).toThrow(RangeError))
})

describe('Colissimo key', () => {
  it("matches Business::Colissimo's documented number 8L 2052475203 2", () => {
    // 1 3 1 3 … weights: (2+5+4+5+0) + 3 * (0+2+7+2+3) = 16 + 42 = 58 -> 2.
    expect(colissimoKey('2052475203')).toBe(2)
  })
})

describe('GLS check digit', () => {
  it('follows the Uni-Box rule: weights 3 1 3 … 3, plus 1, to the next ten', () => {
    // No GLS-published number found to quote: worked by hand. 2 5 1 0 0 0 0 0 0 0 1 weighted
    // 3 1 3 1 … 3 = 6 + 5 + 3 + 3 = 17, plus 1 = 18, next ten 20 -> 2.
    expect(glsCheckDigit('25100000001')).toBe(2)
    // The "+ 1" matters: the EAN rule would give 3 here.
    expect(glsCheckDigit('25100000001')).not.toBe(3)
    // Sum 0 + 1 = 1 -> 9.
    expect(glsCheckDigit('00000000000')).toBe(9)
  })
})

describe('ISO 7064 MOD 37,36 (DPD)', () => {
  it.each([
    // Business::DPD's test: depot 0190, serial 5002345615 -> Y.
    ['01905002345615', 'Y'],
    // DPD barcode contents from jkeen/tracking_number_data (couriers/dpd.json), valid check characters.
    ['008182709980000020033350276', 'C'],
    ['008182709980000020045327276', 'N'],
  ])('%s -> %s', (text, check) => expect(mod37_36(text)).toBe(check))

  it('refuses characters outside 0-9 A-Z', () => expect(() => mod37_36('0190-5')).toThrow(RangeError))
})

describe('UPS check character', () => {
  it.each([
    // The sample number quoted with UPS's format everywhere (1Z 999AA1 01 2345678 4).
    '1Z999AA10123456784',
    // Test numbers of jkeen/tracking_number_data (couriers/ups.json).
    '1Z5R89390357567127',
    '1Z879E930346834440',
    '1Z410E7W0392751591',
    '1Z8V92A70367203024',
  ])('%s', (number) => expect(upsCheckDigit(number.slice(2, 17))).toBe(Number(number[17])))

  it('converts letters as (ASCII - 63) mod 10: A = 2, I = 0, Z = 7', () => {
    // One letter in an odd position, the rest zeros: the check is 10 - value.
    expect(upsCheckDigit('A00000000000000')).toBe(8)
    expect(upsCheckDigit('I00000000000000')).toBe(0)
    expect(upsCheckDigit('Z00000000000000')).toBe(3)
  })
})
