import { describe, expect, it } from 'vitest'
import { DEMO_CARRIERS } from '../db/seed/people.ts'
import { normalizeTrackingNumber } from './numbers.ts'
import {
  CARRIER_CODES,
  CARRIERS,
  carrier,
  type CarrierCode,
  issueTrackingNumber,
  isValidTrackingNumber,
} from './registry.ts'

/** Serials across the whole range of a format: the first ones, round numbers, the last one. */
const serialsFor = (capacity: number) => [
  ...Array.from({ length: 300 }, (_, i) => i),
  ...Array.from({ length: 300 }, (_, i) => Math.floor(((i + 1) * capacity) / 301)),
  capacity - 1,
]

/** The number with its check character replaced by every other digit or letter. */
const wrongChecks = (number: string, position: number): string[] =>
  [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
    .filter((c) => c !== number[position])
    .map((c) => number.slice(0, position) + c + number.slice(position + 1))

describe('the carrier registry', () => {
  it('knows every seeded carrier by its code and name, with services and a maximum weight', () => {
    for (const seeded of DEMO_CARRIERS) {
      const def = carrier(seeded.code)
      expect(def.name).toBe(seeded.name)
      expect(def.services.length).toBeGreaterThan(0)
      expect(def.maxGrams).toBeGreaterThanOrEqual(30_000)
    }
    expect(() => carrier('la-poste-express')).toThrow(RangeError)
  })

  it('has the services and weights carriers publish', () => {
    expect(CARRIERS.colissimo.services.map((s) => s.name)).toEqual([
      'Domicile sans signature',
      'Domicile avec signature',
      'Expert International',
    ])
    expect(CARRIERS.chronopost.services.map((s) => s.name)).toEqual(['Chrono 13', 'Chrono 18'])
    expect(CARRIERS['mondial-relay'].services.map((s) => s.name)).toEqual(['Point Relais'])
    expect(Object.fromEntries(CARRIER_CODES.map((c) => [c, CARRIERS[c].maxGrams]))).toEqual({
      colissimo: 30_000,
      chronopost: 30_000,
      dpd: 31_500,
      gls: 40_000,
      'mondial-relay': 30_000,
      ups: 70_000,
    })
  })
})

describe('tracking numbers', () => {
  // Published numbers where there is one (8V… from Business::Colissimo, RR/CY473124829 from the S10
  // standard's example serial, XN… Chronopost, 1Z999AA1… UPS); the others worked by hand or, for
  // DPD, with the MOD 37,36 routine the published vectors check.
  it.each([
    // 4 * 1 + 2 * 3 = 10 -> key 0.
    ['colissimo', 'DOM', 42, '8L00000000420'],
    ['colissimo', 'DOS', 2052475203, '8V20524752032'],
    ['colissimo', 'COLI', 47312482, 'CY473124829FR'],
    ['chronopost', 'CHRONO13', 8187938, 'XN081879383FR'],
    ['dpd', 'PREDICT', 1, '025000000000011'],
    ['gls', 'BP', 1, '251000000012'],
    // The running number range used up, the product code moves on: 6 + 5 + 3 + 1 = 15, + 1 -> 4.
    ['gls', 'BP', 10_000_000, '251100000004'],
    ['mondial-relay', '24R', 1234, '00001234'],
    ['ups', '01', 2345678, '1Z999AA10123456784'],
  ] as const)('%s %s, serial %i: %s', (code, service, serial, expected) => {
    expect(issueTrackingNumber(code, serial, service)).toBe(expected)
    expect(isValidTrackingNumber(code, expected)).toBe(true)
  })

  it.each(CARRIER_CODES.flatMap((code) => CARRIERS[code].services.map((s) => [code, s.code] as const)))(
    '%s %s: every issued number is valid, distinct and of the same length',
    (code, service) => {
      const numbers = serialsFor(CARRIERS[code].numbers.capacity).map((serial) =>
        issueTrackingNumber(code, serial, service),
      )
      for (const number of numbers) expect(isValidTrackingNumber(code, number), number).toBe(true)
      expect(new Set(numbers).size).toBe(new Set(serialsFor(CARRIERS[code].numbers.capacity)).size)
      expect(new Set(numbers.map((n) => n.length)).size).toBe(1)
    },
  )

  it.each(CARRIER_CODES.filter((c) => c !== 'mondial-relay'))(
    '%s: a wrong check character is refused, in every service',
    (code: CarrierCode) => {
      for (const service of CARRIERS[code].services)
        for (const serial of [0, 7, 123_456, 9_999_999]) {
          const number = issueTrackingNumber(code, serial, service.code)
          // S10 numbers end with the country: the check digit sits before it.
          const position = /[A-Z]{2}$/.test(number) ? number.length - 3 : number.length - 1
          for (const wrong of wrongChecks(number, position))
            expect(isValidTrackingNumber(code, wrong), wrong).toBe(false)
        }
    },
  )

  it('Mondial Relay publishes no check digit: only the 8-digit format is checked', () => {
    expect(isValidTrackingNumber('mondial-relay', '12345678')).toBe(true)
    expect(isValidTrackingNumber('mondial-relay', '1234567')).toBe(false)
    expect(isValidTrackingNumber('mondial-relay', '1234567A')).toBe(false)
  })

  it("refuses another carrier's numbers and malformed ones", () => {
    expect(isValidTrackingNumber('colissimo', 'XN081879383FR')).toBe(false)
    expect(isValidTrackingNumber('chronopost', '8V20524752032')).toBe(false)
    expect(isValidTrackingNumber('dpd', '251000000012')).toBe(false)
    expect(isValidTrackingNumber('ups', '1Z999AA1012345678')).toBe(false)
    expect(isValidTrackingNumber('gls', '25100000001A')).toBe(false)
    expect(isValidTrackingNumber('colissimo', '8l20524752032')).toBe(false)
    expect(isValidTrackingNumber('colissimo', '')).toBe(false)
  })

  it('accepts a number typed with spaces or in lower case once normalised', () => {
    expect(normalizeTrackingNumber(' 8v 20524 75203 2 ')).toBe('8V20524752032')
    expect(isValidTrackingNumber('colissimo', normalizeTrackingNumber('8v 20524 75203 2'))).toBe(true)
  })

  it('refuses serials the format cannot number, and unknown services', () => {
    expect(() => issueTrackingNumber('mondial-relay', 1e8)).toThrow(RangeError)
    expect(() => issueTrackingNumber('ups', -1)).toThrow(RangeError)
    expect(() => issueTrackingNumber('dpd', 1.5)).toThrow(RangeError)
    expect(() => issueTrackingNumber('colissimo', 1, 'EXPRESS')).toThrow(RangeError)
  })
})
