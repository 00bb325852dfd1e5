/**
 * Parcel number formats of the simulated carriers: each issues numbers from a serial (so the server
 * numbers parcels from a database sequence and a number is never issued twice) and recognises its
 * own numbers, check character included. Formats and rules are the carriers' real ones; the fixed
 * parts (depot, shipper account, product codes) are demo values where the carrier assigns them.
 */
import { colissimoKey, glsCheckDigit, mod37_36, s10CheckDigit, upsCheckDigit } from './check-digits.ts'

export interface NumberFormat {
  /** The format in a few words, for documentation and error messages. */
  readonly description: string
  /** How many serials issue() accepts: 0 .. capacity − 1. */
  readonly capacity: number
  /** The product codes or service indicators the number starts with, where it carries one. */
  readonly prefixes: readonly string[]
  /** The number of parcel `serial`; `prefix` picks a product code where the format carries one. */
  issue(serial: number, prefix?: string): string
  /** Whether `number` has this format and its check character is right. */
  isValid(number: string): boolean
}

/** A serial out of range is a numbering bug, never a carrier refusal: it throws. */
function checkSerial(serial: number, capacity: number): void {
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= capacity)
    throw new RangeError(`Serial ${serial} is outside 0..${capacity - 1}`)
}

function serialDigits(serial: number, capacity: number, width: number): string {
  checkSerial(serial, capacity)
  return String(serial).padStart(width, '0')
}

function pickPrefix(prefixes: readonly string[], prefix: string | undefined): string {
  const chosen = prefix ?? prefixes[0]
  if (chosen === undefined || !prefixes.includes(chosen))
    throw new RangeError(`Unknown number prefix "${prefix}" (expected one of ${prefixes.join(', ')})`)
  return chosen
}

/**
 * UPU S10: 2-letter service indicator, 8-digit serial, check digit, ISO country of the issuing
 * operator. In France La Poste's group issues them: Colissimo international ("CY…FR", ColiPoste
 * label specification) and Chronopost skybills ("XN081879383FR" is a real-format example).
 */
export function s10Format(indicators: readonly string[], country: string): NumberFormat {
  const pattern = new RegExp(`^(${indicators.join('|')})(\\d{8})(\\d)${country}$`)
  return {
    description: `UPU S10 (${indicators.join('/')} + 8 chiffres + clé + ${country})`,
    capacity: 1e8,
    prefixes: indicators,
    issue(serial, prefix) {
      const digits = serialDigits(serial, 1e8, 8)
      return `${pickPrefix(indicators, prefix)}${digits}${s10CheckDigit(digits)}${country}`
    },
    isValid(number) {
      const m = pattern.exec(number)
      return m !== null && s10CheckDigit(m[2] as string) === Number(m[3])
    },
  }
}

/**
 * Colissimo domestic numbers, 13 characters: a 2-character product code, the 10-digit parcel number
 * and its modulo-10 key ("8L20524752032" in Business::Colissimo's documentation).
 */
export function colissimoDomesticFormat(products: readonly string[]): NumberFormat {
  const pattern = new RegExp(`^(${products.join('|')})(\\d{10})(\\d)$`)
  return {
    description: `Colissimo France (${products.join('/')} + 10 chiffres + clé)`,
    capacity: 1e10,
    prefixes: products,
    issue(serial, prefix) {
      const digits = serialDigits(serial, 1e10, 10)
      return `${pickPrefix(products, prefix)}${digits}${colissimoKey(digits)}`
    },
    isValid(number) {
      const m = pattern.exec(number)
      return m !== null && colissimoKey(m[2] as string) === Number(m[3])
    },
  }
}

/**
 * DPD parcel number: 4-digit depot + 10-digit serial (14 digits, as printed and tracked), followed
 * by its ISO 7064 MOD 37,36 check character, as on the label's "tracking number" field
 * (DPD Parcel Label Specification; Business::DPD gives 0190 5002345615 → Y).
 */
export function dpdFormat(depot: string): NumberFormat {
  if (!/^\d{4}$/.test(depot)) throw new RangeError(`DPD depot needs 4 digits, got "${depot}"`)
  return {
    description: 'DPD (dépôt 4 chiffres + 10 chiffres + caractère de contrôle MOD 37,36)',
    capacity: 1e10,
    prefixes: [],
    issue(serial) {
      const parcel = depot + serialDigits(serial, 1e10, 10)
      return parcel + mod37_36(parcel)
    },
    isValid(number) {
      const m = /^(\d{14})([0-9A-Z])$/.exec(number)
      return m !== null && mod37_36(m[1] as string) === m[2]
    },
  }
}

/** GLS product codes of a Business Parcel: 10 to 68 (GLS Uni-Box documentation §3.2). */
const GLS_PARCEL_PRODUCTS = 59
const GLS_RUN = 1e7

/**
 * GLS parcel number, 12 digits: 2-digit shipping depot, 2-digit product (10-68 for a Business
 * Parcel), 7-digit running number, check digit. The serial runs through the product codes once a
 * running number range is used up, which keeps every number a Business Parcel's.
 */
export function glsFormat(depot: string): NumberFormat {
  if (!/^\d{2}$/.test(depot)) throw new RangeError(`GLS depot needs 2 digits, got "${depot}"`)
  const capacity = GLS_PARCEL_PRODUCTS * GLS_RUN
  return {
    description: 'GLS (dépôt 2 chiffres + produit 10-68 + 7 chiffres + clé)',
    capacity,
    prefixes: [],
    issue(serial) {
      checkSerial(serial, capacity)
      const body = `${depot}${10 + Math.floor(serial / GLS_RUN)}${String(serial % GLS_RUN).padStart(7, '0')}`
      return body + glsCheckDigit(body)
    },
    isValid(number) {
      const m = /^(\d{11})(\d)$/.exec(number)
      return m !== null && glsCheckDigit(m[1] as string) === Number(m[2])
    },
  }
}

/**
 * Mondial Relay shipment number ("numéro d'expédition"): 8 digits, as the WSI2 web service returns
 * it and as customers track it. Mondial Relay publishes no check digit for it, so only the format
 * can be checked.
 */
export function mondialRelayFormat(): NumberFormat {
  return {
    description: "Mondial Relay (numéro d'expédition, 8 chiffres, sans clé publiée)",
    capacity: 1e8,
    prefixes: [],
    issue: (serial) => serialDigits(serial, 1e8, 8),
    isValid: (number) => /^\d{8}$/.test(number),
  }
}

/**
 * UPS "1Z": 6-character shipper account, 2-character service indicator, 7-digit package number,
 * check character (18 characters). `services` are the indicators this account ships with.
 */
export function upsFormat(shipper: string, services: readonly string[]): NumberFormat {
  if (!/^[0-9A-Z]{6}$/.test(shipper)) throw new RangeError(`UPS shipper needs 6 characters, got "${shipper}"`)
  return {
    description: 'UPS 1Z (compte 6 + service 2 + colis 7 + caractère de contrôle)',
    capacity: 1e7,
    prefixes: services,
    issue(serial, prefix) {
      const body = `${shipper}${pickPrefix(services, prefix)}${serialDigits(serial, 1e7, 7)}`
      return `1Z${body}${upsCheckDigit(body)}`
    },
    isValid(number) {
      const m = /^1Z([0-9A-Z]{15})(\d)$/.exec(number)
      return m !== null && upsCheckDigit(m[1] as string) === Number(m[2])
    },
  }
}

/**
 * Several formats under one carrier (Colissimo: domestic numbers in France, S10 abroad): the
 * prefix asked for picks the format, and a number is valid in any of them.
 */
export function eitherFormat(...formats: readonly NumberFormat[]): NumberFormat {
  const first = formats[0]
  if (first === undefined) throw new RangeError('eitherFormat needs at least one format')
  return {
    description: formats.map((f) => f.description).join(' ou '),
    capacity: Math.min(...formats.map((f) => f.capacity)),
    prefixes: formats.flatMap((f) => f.prefixes),
    issue(serial, prefix) {
      const format = prefix === undefined ? first : formats.find((f) => f.prefixes.includes(prefix))
      if (format === undefined) throw new RangeError(`Unknown number prefix "${prefix}"`)
      return format.issue(serial, prefix)
    },
    isValid: (number) => formats.some((f) => f.isValid(number)),
  }
}

/**
 * A number as typed or read from a label, comparable with issued ones: spaces (labels print
 * numbers in groups) and case do not matter.
 */
export const normalizeTrackingNumber = (text: string) => text.replace(/\s+/g, '').toUpperCase()
