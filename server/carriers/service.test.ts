import { describe, expect, it } from 'vitest'
import { carrierLabelPdf } from '../documents/carrier-label-pdf.ts'
import { pdfTexts } from '../testing/pdf-text.ts'
import { type FailureMode, isFailureMode, meetsOutage, outageDraw, parseFailureMode } from './failure.ts'
import { CARRIER_CODES, CARRIERS, isValidTrackingNumber } from './registry.ts'
import { createLabel, type LabelRequest } from './service.ts'

const request: LabelRequest = {
  carrier: 'colissimo',
  service: 'DOM',
  serial: 42,
  sender: {
    name: 'Entrepôt Démo',
    line1: '12 quai de la Fosse',
    postcode: '44000',
    city: 'Nantes',
    country: 'FR',
  },
  recipient: {
    name: 'Élodie Lefèvre',
    line1: "27 rue de l'Église",
    postcode: '75011',
    city: 'Paris',
    country: 'FR',
  },
  weightGrams: 1_200,
  orderName: 'PP-1042',
  parcel: { number: 1, count: 1 },
  date: new Date('2025-03-14T10:00:00Z'),
}

const failureOf = (r: ReturnType<typeof createLabel>) => (r.ok ? null : r.error)

describe('the simulated carrier service', () => {
  it.each(CARRIER_CODES.flatMap((code) => CARRIERS[code].services.map((s) => [code, s.code] as const)))(
    '%s %s labels a parcel: a valid number, ZPL and PDF carrying it',
    (carrier, service) => {
      const result = createLabel({ ...request, carrier, service, serial: 1234 })
      if (!result.ok) throw new Error(result.error.message)
      expect(isValidTrackingNumber(carrier, result.trackingNumber)).toBe(true)
      expect(result.zpl).toContain(`^FD${result.trackingNumber}^FS`)
      expect(result.zpl).toContain(`^FD${CARRIERS[carrier].name}^FS`)
      expect(pdfTexts(carrierLabelPdf(result.data))).toContain(result.trackingNumber)
    },
  )

  it('answers the same bytes to the same request: a reprint is the same label', () => {
    const a = createLabel(request)
    const b = createLabel({ ...request })
    expect(a).toEqual(b)
    expect(createLabel({ ...request, serial: 43 })).not.toEqual(a)
  })

  it('refuses what a real carrier refuses, whatever the failure mode', () => {
    for (const mode of ['never', 'always', 'address', 0.5] as FailureMode[]) {
      expect(failureOf(createLabel({ ...request, service: 'EXPRESS' }, mode))).toEqual({
        code: 'SERVICE_INCONNU',
        message: 'Service « EXPRESS » inconnu chez Colissimo',
        retryable: false,
      })
      expect(failureOf(createLabel({ ...request, weightGrams: 0 }, mode))?.code).toBe('POIDS_INVALIDE')
      expect(failureOf(createLabel({ ...request, weightGrams: Number.NaN }, mode))?.code).toBe(
        'POIDS_INVALIDE',
      )
      expect(failureOf(createLabel({ ...request, weightGrams: 30_500 }, mode))).toEqual({
        code: 'POIDS_HORS_LIMITE',
        message: 'Poids du colis supérieur au maximum autorisé : 30,5 kg pour 30 kg maximum',
        retryable: false,
      })
    }
    // Each carrier's own maximum: 31.5 kg passes at DPD, not at Colissimo.
    expect(createLabel({ ...request, carrier: 'dpd', service: 'CLASSIC', weightGrams: 31_500 }).ok).toBe(true)
    expect(createLabel({ ...request, weightGrams: 30_000 }).ok).toBe(true)
  })

  it("'never' labels a parcel even without a postal code", () => {
    const result = createLabel(
      { ...request, recipient: { ...request.recipient, postcode: undefined } },
      'never',
    )
    expect(result.ok).toBe(true)
  })

  it("'always' answers the outage, which may pass on a retry", () => {
    expect(failureOf(createLabel(request, 'always'))).toEqual({
      code: 'SERVICE_INDISPONIBLE',
      message: 'Service indisponible, réessayez plus tard',
      retryable: true,
    })
  })

  it("'address' refuses an incomplete or invalid address, and labels a complete one", () => {
    const to = (recipient: Partial<LabelRequest['recipient']>) =>
      failureOf(createLabel({ ...request, recipient: { ...request.recipient, ...recipient } }, 'address'))
    expect(to({ postcode: undefined })).toEqual({
      code: 'ADRESSE_INCOMPLETE',
      message: 'Adresse de livraison incomplète : code postal manquant',
      retryable: false,
    })
    expect(to({ postcode: '  ' })?.message).toBe('Adresse de livraison incomplète : code postal manquant')
    expect(to({ postcode: '7501' })).toMatchObject({ code: 'ADRESSE_INVALIDE' })
    expect(to({ postcode: '1000', country: 'BE' })).toBeNull()
    expect(to({ city: '' })?.message).toBe('Adresse de livraison incomplète : ville manquante')
    expect(to({ line1: ' ' })?.message).toBe('Adresse de livraison incomplète : rue manquante')
    expect(to({})).toBeNull()
  })

  it('a rate fails that share of parcels, the same ones every time', () => {
    const serials = Array.from({ length: 2000 }, (_, i) => i + 1)
    const failing = (rate: number) => serials.filter((serial) => meetsOutage(rate, 'mondial-relay', serial))
    const quarter = failing(0.25)
    // The service fails exactly those (checked on the first hundred: each success renders a label).
    for (const serial of serials.slice(0, 100))
      expect(createLabel({ ...request, carrier: 'mondial-relay', service: '24R', serial }, 0.25).ok).toBe(
        !quarter.includes(serial),
      )
    expect(quarter.length).toBeGreaterThan(2000 * 0.22)
    expect(quarter.length).toBeLessThan(2000 * 0.28)
    expect(failing(0.25)).toEqual(quarter)
    // A higher rate fails the same parcels and more: raising it never rescues one.
    expect(failing(0.5).filter((s) => quarter.includes(s))).toEqual(quarter)
    expect(failing(0)).toEqual([])
    expect(failing(1)).toEqual(serials)
  })

  it('draws outages per carrier: the same serial is not unlucky everywhere', () => {
    const draws = CARRIER_CODES.map((c) => outageDraw(c, 7))
    expect(new Set(draws).size).toBe(CARRIER_CODES.length)
    for (const d of draws) expect(d).toBeGreaterThanOrEqual(0)
    for (const d of draws) expect(d).toBeLessThan(1)
  })
})

describe('failure modes', () => {
  it('reads a mode stored as text', () => {
    expect(parseFailureMode('never')).toBe('never')
    expect(parseFailureMode(' address ')).toBe('address')
    // As the carriers table stores it (migration 0011's check allows 0, 0.x, 1 and 1.0).
    expect(parseFailureMode('0.2')).toBe(0.2)
    expect(parseFailureMode('0')).toBe(0)
    expect(parseFailureMode('1.0')).toBe(1)
    expect(parseFailureMode('0.25')).toBe(0.25)
    expect(parseFailureMode('1')).toBe(1)
    expect(parseFailureMode('1.5')).toBeNull()
    expect(parseFailureMode('-0.1')).toBeNull()
    expect(parseFailureMode('sometimes')).toBeNull()
    expect(isFailureMode(Number.NaN)).toBe(false)
  })
})
