/**
 * The simulated carrier web service the reference server calls to label a parcel: it checks the
 * request as a carrier would, may fail as configured, and answers the tracking number with the
 * label as ZPL and what it says (`data`, from which carrier-label-pdf.ts draws the PDF when a person
 * asks for one: drawing it on every label, on the scan path, was ~1 ms thrown away). Pure: the caller numbers parcels (the serial, from a database sequence)
 * and keeps the failure mode; the same request always gets the same answer, bytes included.
 */
import type { CarrierLabelData, LabelAddress } from '../documents/carrier-label.ts'
import { carrierLabelZpl } from '../documents/carrier-label-zpl.ts'
import { checkAddress } from '../orders/intake/address.ts'
import { type FailureMode, meetsOutage } from './failure.ts'
import { CARRIER_MESSAGES as M } from './messages.ts'
import { CARRIERS, type CarrierCode, findService, issueTrackingNumber } from './registry.ts'

/** The parcel as the caller describes it; the carrier adds its name, the service's and the number. */
export type LabelRequest = Omit<CarrierLabelData, 'carrierName' | 'serviceName' | 'trackingNumber'> & {
  carrier: CarrierCode
  /** A code of the carrier's services (registry.ts). */
  service: string
  /** The parcel's number in the carrier's sequence: it makes the tracking number. */
  serial: number
}

export type CarrierErrorCode =
  | 'SERVICE_INCONNU'
  | 'POIDS_INVALIDE'
  | 'POIDS_HORS_LIMITE'
  | 'ADRESSE_INCOMPLETE'
  | 'ADRESSE_INVALIDE'
  | 'SERVICE_INDISPONIBLE'

export interface CarrierError {
  code: CarrierErrorCode
  /** French, ready to show as the carrier's answer. */
  message: string
  /** True when the same request may succeed later; false when the request must change first. */
  retryable: boolean
}

export type LabelResult =
  | { ok: true; trackingNumber: string; zpl: string; data: CarrierLabelData }
  | { ok: false; error: CarrierError }

const refuse = (code: CarrierErrorCode, message: string, retryable = false): LabelResult => ({
  ok: false,
  error: { code, message, retryable },
})

/** The label of one parcel, or the carrier's refusal. `mode` defaults to a carrier that never fails. */
export function createLabel(request: LabelRequest, mode: FailureMode = 'never'): LabelResult {
  const def = CARRIERS[request.carrier]
  const service = findService(request.carrier, request.service)
  if (!service) return refuse('SERVICE_INCONNU', M.unknownService(def.name, request.service))
  if (!(request.weightGrams > 0)) return refuse('POIDS_INVALIDE', M.weightMissing)
  if (request.weightGrams > def.maxGrams)
    return refuse('POIDS_HORS_LIMITE', M.weightOver(request.weightGrams, def.maxGrams))
  if (mode === 'address') {
    const problem = addressProblem(request.recipient)
    if (problem) return problem
  }
  if (meetsOutage(mode, request.carrier, request.serial))
    return refuse('SERVICE_INDISPONIBLE', M.unavailable, true)

  // Numbered only once accepted, as a carrier does; a refused serial is simply never used.
  const trackingNumber = issueTrackingNumber(request.carrier, request.serial, service.code)
  const { carrier: _carrier, service: _service, serial: _serial, ...parcel } = request
  const data: CarrierLabelData = {
    ...parcel,
    carrierName: def.name,
    serviceName: service.name,
    trackingNumber,
  }
  return { ok: true, trackingNumber, zpl: carrierLabelZpl(data), data }
}

/**
 * What a carrier's address check finds first: the street, the town, and the postcode where the
 * recipient's country has them, in its format (the rules the shops' orders were checked with).
 */
function addressProblem(a: LabelAddress): LabelResult | null {
  const problems = new Map(checkAddress(a, 'a').problems.map((p) => [p.field, p.code]))
  const postcode = problems.get('a.postcode')
  if (postcode === 'postcode_missing') return refuse('ADRESSE_INCOMPLETE', M.postalCodeMissing)
  if (postcode === 'postcode_invalid')
    return refuse('ADRESSE_INVALIDE', M.postalCodeInvalid(a.postcode ?? ''))
  if (problems.has('a.city')) return refuse('ADRESSE_INCOMPLETE', M.cityMissing)
  if (problems.has('a.line1')) return refuse('ADRESSE_INCOMPLETE', M.streetMissing)
  return null
}
