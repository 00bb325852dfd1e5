/**
 * The carriers the simulated carrier service knows: their services, their maximum parcel weight and
 * their parcel number format. Codes match the seeded carriers (server/db/seed/people.ts); UPS is
 * not seeded but ready, so adding it to the seed is all a demo with UPS needs.
 */
import {
  colissimoDomesticFormat,
  dpdFormat,
  eitherFormat,
  glsFormat,
  mondialRelayFormat,
  type NumberFormat,
  s10Format,
  upsFormat,
} from './numbers.ts'

export const CARRIER_CODES = ['colissimo', 'chronopost', 'dpd', 'gls', 'mondial-relay', 'ups'] as const
export type CarrierCode = (typeof CARRIER_CODES)[number]

export interface CarrierService {
  /** Stable code, stored with the parcel (the carrier's own product code where it has one). */
  code: string
  /** As the carrier names it to its customers, printed on the label. */
  name: string
  /** The product code or service indicator the parcel number starts with, if the format has one. */
  numberPrefix?: string
}

export interface CarrierDefinition {
  code: CarrierCode
  name: string
  services: readonly CarrierService[]
  /** Heaviest parcel the carrier accepts, in grams (as the database weighs), from its conditions. */
  maxGrams: number
  numbers: NumberFormat
}

const carriers: readonly CarrierDefinition[] = [
  {
    code: 'colissimo',
    name: 'Colissimo',
    // Domestic parcels get Colissimo's own 13-character numbers, not S10 ones: that is what La
    // Poste issues for parcels delivered in France, where the demo warehouse ships. 8L / 8V are the
    // product codes of the ColiPoste label specification (Access = without signature, Expert =
    // with); today's labels use other codes (e.g. 6A) in the same structure. DOM, DOS and COLI are
    // Colissimo's web service product codes. 30 kg: Colissimo's conditions of carriage.
    services: [
      { code: 'DOM', name: 'Domicile sans signature', numberPrefix: '8L' },
      { code: 'DOS', name: 'Domicile avec signature', numberPrefix: '8V' },
      { code: 'COLI', name: 'Expert International', numberPrefix: 'CY' },
    ],
    maxGrams: 30_000,
    numbers: eitherFormat(colissimoDomesticFormat(['8L', '8V']), s10Format(['CY'], 'FR')),
  },
  {
    code: 'chronopost',
    name: 'Chronopost',
    // Chronopost skybill numbers are S10 identifiers under La Poste's "FR" (e.g. XN081879383FR).
    // 30 kg: Chrono 13 and Chrono 18 conditions.
    services: [
      { code: 'CHRONO13', name: 'Chrono 13' },
      { code: 'CHRONO18', name: 'Chrono 18' },
    ],
    maxGrams: 30_000,
    numbers: s10Format(['XN'], 'FR'),
  },
  {
    code: 'dpd',
    name: 'DPD',
    // 0250 is a demo depot number. 31.5 kg: DPD's parcel limit (dpd.com weight and dimensions).
    services: [
      { code: 'PREDICT', name: 'Predict' },
      { code: 'CLASSIC', name: 'Classic' },
    ],
    maxGrams: 31_500,
    numbers: dpdFormat('0250'),
  },
  {
    code: 'gls',
    name: 'GLS',
    // 25 is a demo depot number. 40 kg: GLS Business Parcel limit for national parcels.
    services: [{ code: 'BP', name: 'Business Parcel' }],
    maxGrams: 40_000,
    numbers: glsFormat('25'),
  },
  {
    code: 'mondial-relay',
    name: 'Mondial Relay',
    // 24R is Mondial Relay's delivery mode code for a Point Relais. 30 kg: mondialrelay.fr FAQ.
    services: [{ code: '24R', name: 'Point Relais' }],
    maxGrams: 30_000,
    numbers: mondialRelayFormat(),
  },
  {
    code: 'ups',
    name: 'UPS',
    // 999AA1 is the shipper account of UPS's published sample number 1Z999AA10123456784; the
    // service indicators are UPS's (01 Next Day Air, 03 Ground). 70 kg (150 lb): UPS's limit.
    services: [
      { code: '01', name: 'Next Day Air', numberPrefix: '01' },
      { code: '03', name: 'Ground', numberPrefix: '03' },
    ],
    maxGrams: 70_000,
    numbers: upsFormat('999AA1', ['01', '03']),
  },
]

export const CARRIERS: Readonly<Record<CarrierCode, CarrierDefinition>> = Object.fromEntries(
  carriers.map((c) => [c.code, c]),
) as Record<CarrierCode, CarrierDefinition>

export const isCarrierCode = (code: string): code is CarrierCode =>
  (CARRIER_CODES as readonly string[]).includes(code)

/** The carrier of a code the database stores; an unknown code is a configuration bug. */
export function carrier(code: string): CarrierDefinition {
  if (!isCarrierCode(code)) throw new RangeError(`Unknown carrier "${code}"`)
  return CARRIERS[code]
}

export const findService = (code: CarrierCode, service: string): CarrierService | undefined =>
  CARRIERS[code].services.find((s) => s.code === service)

/** The service a label gets when none is asked for: the carrier's first. */
export const defaultService = (code: CarrierCode): CarrierService =>
  CARRIERS[code].services[0] as CarrierService

/**
 * The tracking number of parcel `serial` for this carrier and service (its first service by
 * default). Throws on an unknown service or a serial out of the format's range: both are bugs of
 * the caller, which a carrier would never see.
 */
export function issueTrackingNumber(code: CarrierCode, serial: number, service?: string): string {
  const def = CARRIERS[code]
  const chosen = service === undefined ? defaultService(code) : findService(code, service)
  if (chosen === undefined) throw new RangeError(`Unknown ${def.name} service "${service}"`)
  return def.numbers.issue(serial, chosen.numberPrefix)
}

/** Whether `number` (normalised: no spaces, upper case) is one this carrier could have issued. */
export const isValidTrackingNumber = (code: CarrierCode, number: string): boolean =>
  CARRIERS[code].numbers.isValid(number)
