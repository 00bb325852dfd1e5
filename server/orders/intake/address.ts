/**
 * A ship-to address as a shop sends it (issue 33), checked per country where a maintained library
 * knows the rule, and put in the one form the warehouse stores and prints:
 * - the country is an ISO 3166-1 alpha-2 code (i18n-iso-countries), upper-cased;
 * - the postcode follows the country's format where postcode-validator has one, and is required
 *   there unless the country's post does without (NO_POSTCODE_NEEDED); elsewhere any short one;
 * - the phone is a number that exists in the country, or an international one (awesome-phonenumber,
 *   Google's libphonenumber), stored as E.164;
 * - every text is trimmed and in Unicode NFC, so 'Łódź' typed two ways is one city.
 * The problems name their field as the shop's API does (`shipTo.postcode`) with a stable code.
 */
import { parsePhoneNumber } from 'awesome-phonenumber'
import countries from 'i18n-iso-countries'
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'

export interface Address {
  name: string
  company?: string
  line1: string
  line2?: string
  line3?: string
  postcode?: string
  city: string
  region?: string
  /** ISO 3166-1 alpha-2. */
  country: string
  phone?: string
  email?: string
}

export type AddressProblemCode =
  'required' | 'country_unknown' | 'postcode_missing' | 'postcode_invalid' | 'phone_invalid'

export interface AddressProblem {
  /** The field as the caller sent it: `${path}.postcode`. */
  field: string
  code: AddressProblemCode
}

/**
 * Countries whose postcode format postcode-validator knows but whose post delivers without one:
 * Ireland's Eircode is not on every address.
 */
const NO_POSTCODE_NEEDED = new Set(['IE'])
/** A postcode where no format is known: short, as every country's is. */
const POSTCODE_MAX = 16

const TEXT_FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'line3',
  'postcode',
  'city',
  'region',
  'phone',
  'email',
] as const
const REQUIRED = ['name', 'line1', 'city', 'country'] as const

/** Trimmed, NFC, inner runs of spaces made one; '' becomes absent. */
function clean(value: string | undefined): string | undefined {
  const text = value?.normalize('NFC').replace(/\s+/g, ' ').trim()
  return text ? text : undefined
}

/**
 * The address in its stored form and what is wrong with it (nothing: an empty list). The phone comes
 * back in E.164 when it is valid; a field with a problem comes back as it was cleaned.
 */
export function checkAddress(
  input: Address,
  path = 'shipTo',
): { address: Address; problems: AddressProblem[] } {
  const address: Record<string, string | undefined> = {}
  for (const field of TEXT_FIELDS) address[field] = clean(input[field])
  address.country = clean(input.country)?.toUpperCase() ?? ''
  const problems: AddressProblem[] = []
  const problem = (field: string, code: AddressProblemCode) =>
    problems.push({ field: `${path}.${field}`, code })

  for (const field of REQUIRED) if (!address[field]) problem(field, 'required')
  const country = address.country ?? ''
  // Two letters only: isValid also takes alpha-3 ('FRA') and numeric ('250') codes, which would be
  // stored and printed as they came.
  const known = /^[A-Z]{2}$/.test(country) && countries.isValid(country)
  if (country && !known) problem('country', 'country_unknown')

  if (known) {
    const postcode = address.postcode?.toUpperCase()
    address.postcode = postcode
    if (postcodeValidatorExistsForCountry(country)) {
      if (!postcode) {
        if (!NO_POSTCODE_NEEDED.has(country)) problem('postcode', 'postcode_missing')
      } else if (!postcodeValidator(postcode, country)) problem('postcode', 'postcode_invalid')
    } else if (postcode && postcode.length > POSTCODE_MAX) problem('postcode', 'postcode_invalid')

    if (address.phone) {
      const phone = parsePhoneNumber(address.phone, { regionCode: country })
      if (phone.valid && phone.number?.e164) address.phone = phone.number.e164
      else problem('phone', 'phone_invalid')
    }
  }
  const stored = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined))
  return { address: stored as unknown as Address, problems }
}
