import { describe, expect, it } from 'vitest'
import { type Address, checkAddress } from './address.ts'

const base: Address = {
  name: 'Jeanne Martin',
  line1: '12 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  country: 'FR',
}
const problemsOf = (address: Partial<Address>) => checkAddress({ ...base, ...address }).problems

describe('a ship-to address, checked per country', () => {
  it.each([
    ['FR', '75002'],
    ['DE', '10115'],
    ['GB', 'SW1A 1AA'],
    ['PL', '90-001'], // Łódź
    ['CZ', '110 00'],
    ['GR', '105 57'], // Αθήνα
    ['RU', '101000'],
    ['US', '10001'],
    ['US', '10001-1234'],
  ])('takes a postcode of %s in its format: %s', (country, postcode) => {
    expect(problemsOf({ country, postcode })).toEqual([])
  })

  it.each([
    ['FR', '7500'],
    ['DE', '1011'],
    ['GB', 'SW1A'],
    ['US', 'ABCDE'],
    ['PL', '9-0001'],
  ])('refuses a postcode of %s out of its format: %s', (country, postcode) => {
    expect(problemsOf({ country, postcode })).toEqual([
      { field: 'shipTo.postcode', code: 'postcode_invalid' },
    ])
  })

  it('asks for the postcode where the country has them, not where its post does without', () => {
    expect(problemsOf({ postcode: undefined })).toEqual([
      { field: 'shipTo.postcode', code: 'postcode_missing' },
    ])
    expect(problemsOf({ country: 'IE', postcode: undefined, city: 'Galway' })).toEqual([])
  })

  it('refuses a country that is not an ISO 3166-1 code, and names each missing field', () => {
    expect(problemsOf({ country: 'XX' })).toEqual([{ field: 'shipTo.country', code: 'country_unknown' }])
    // ISO 3166-1's other codes for France: the warehouse stores and prints the alpha-2 one only.
    for (const country of ['FRA', '250'])
      expect(problemsOf({ country })).toEqual([{ field: 'shipTo.country', code: 'country_unknown' }])
    expect(checkAddress({ ...base, name: ' ', line1: '', city: '' }, 'billing').problems).toEqual([
      { field: 'billing.name', code: 'required' },
      { field: 'billing.line1', code: 'required' },
      { field: 'billing.city', code: 'required' },
    ])
  })

  it('stores the phone in E.164, read in the country or given internationally, and refuses one that cannot exist', () => {
    expect(checkAddress({ ...base, phone: '06 12 34 56 78' }).address.phone).toBe('+33612345678')
    expect(checkAddress({ ...base, phone: '+49 30 901820' }).address.phone).toBe('+4930901820')
    expect(problemsOf({ phone: '123' })).toEqual([{ field: 'shipTo.phone', code: 'phone_invalid' }])
  })

  it('keeps any script, in one Unicode form, trimmed, the country and postcode upper-cased', () => {
    const decomposed = 'Lo\u0301dz\u0301' // 'Łódź' is not decomposable whole; ó and ź are
    const { address, problems } = checkAddress({
      name: '  Ольга   Петрова ',
      line1: 'Οδός Ερμού 10',
      postcode: '105 57',
      city: `  ${decomposed}  `,
      country: 'gr',
      company: '   ',
    })
    expect(problems).toEqual([])
    expect(address).toEqual({
      name: 'Ольга Петрова',
      line1: 'Οδός Ερμού 10',
      postcode: '105 57',
      city: 'Lódź',
      country: 'GR',
    })
    expect(checkAddress({ ...base, country: 'gb', postcode: 'sw1a 1aa' }).address).toMatchObject({
      country: 'GB',
      postcode: 'SW1A 1AA',
    })
  })
})
