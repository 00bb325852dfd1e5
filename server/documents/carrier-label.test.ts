import { BitArray, Code128Reader } from '@zxing/library'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, setWarehouseTimeZone } from '../warehouse-time.ts'
import {
  addressLines,
  type CarrierLabelData,
  carrierLabelLayout,
  LABEL_DOTS,
  type LabelAddress,
} from './carrier-label.ts'
import { carrierLabelPdf, carrierLabelTitle } from './carrier-label-pdf.ts'
import { carrierLabelZpl } from './carrier-label-zpl.ts'
import { textWidth } from './font.ts'
import { zplText } from './zpl-text.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfBarRows, pdfPageCount, pdfTexts } from '../testing/pdf-text.ts'

const label: CarrierLabelData = {
  carrierName: 'Colissimo',
  serviceName: 'Domicile avec signature',
  trackingNumber: '8V20524752032',
  sender: {
    name: 'Entrepôt Démo',
    company: 'Logistique du Port',
    line1: '12 quai de la Fosse',
    postcode: '44000',
    city: 'Nantes',
    country: 'FR',
  },
  recipient: {
    name: 'Élodie Lefèvre-Château',
    line1: "27 rue de l'Église",
    line2: 'Bâtiment B, 3e étage',
    postcode: '75011',
    city: 'Paris',
    country: 'fr',
  },
  weightGrams: 2_350,
  orderName: 'PP-1042',
  parcel: { number: 1, count: 2 },
  date: new Date('2025-03-14T23:30:00Z'),
}

/** The PDF's barcode read back by an independent decoder (zxing, as the camera scanner does). */
function readBarcode(pdf: Buffer, moduleDots = 3): string {
  const rows = pdfBarRows(pdf, 50)
  expect(rows).toHaveLength(1)
  const bars = rows[0] as [number, number][]
  const module = (moduleDots * 72) / LABEL_DOTS.dpi
  const x0 = (bars[0] as [number, number])[0]
  const modules = Array.from(
    { length: Math.round(((bars.at(-1) as [number, number])[0] - x0) / module) + 5 },
    () => '0',
  )
  for (const [x, w] of bars) {
    const start = Math.round((x - x0) / module)
    for (let m = start; m < start + Math.round(w / module); m++) modules[m] = '1'
  }
  const row = '0'.repeat(12) + modules.join('') + '0'.repeat(12)
  const bits = new BitArray(row.length)
  for (let i = 0; i < row.length; i++) if (row[i] === '1') bits.set(i)
  return new Code128Reader().decodeRow(0, bits, new Map()).getText()
}

describe('the carrier label as ZPL', () => {
  const zpl = carrierLabelZpl(label)

  it('is one 4 × 6 in label at 203 dpi, in UTF-8', () => {
    expect(zpl.startsWith('^XA\n^CI28^PW812^LL1218')).toBe(true)
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true)
    expect(zpl.match(/\^XA/g)).toHaveLength(1)
  })

  it('carries the tracking number in a Code 128 field, and as text', () => {
    expect(zpl).toMatch(/\^BCN,220,N,N,N,A\^FH_\^FD8V20524752032\^FS/)
    expect(zpl).toContain('^FB748,1,0,C^FH_^FD8V20524752032^FS')
  })

  it('prints addresses, weight, order, parcel n/N, service and date, accents as typed', () => {
    for (const text of [
      'Colissimo',
      'Domicile avec signature',
      'EXPÉDITEUR',
      'Entrepôt Démo',
      '44000 NANTES',
      'DESTINATAIRE',
      'Élodie Lefèvre-Château',
      "27 rue de l'Église",
      '75011 PARIS',
      'Poids : 2,35 kg',
      'Commande PP-1042',
      'Colis 1/2',
      // Paris time: 23:30 UTC on the 14th is already the 15th there.
      '15/03/2025',
    ])
      expect(zpl).toContain(`^FD${text}^FS`)
  })

  it("prints the date in the site's time zone when it is not Paris", () => {
    setWarehouseTimeZone('America/Montreal')
    try {
      // 23:30 UTC on the 14th is 18:30 on the 14th in Montreal.
      expect(carrierLabelZpl(label)).toContain('^FD14/03/2025^FS')
    } finally {
      setWarehouseTimeZone(DEFAULT_TIME_ZONE)
    }
  })

  it('escapes the characters ZPL reads as commands', () => {
    const tricky = carrierLabelZpl({ ...label, recipient: { ...label.recipient, name: 'A^B~C_D' } })
    expect(tricky).toContain('^FH_^FDA_5EB_7EC_5FD^FS')
  })
})

describe('the carrier label as PDF', () => {
  const pdf = carrierLabelPdf(label)

  it('is a valid one-page PDF of 288 × 432 pt (4 × 6 in)', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfStructureProblems(pdf)).toEqual([])
    expect(pdfPageCount(pdf)).toBe(1)
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 288 432]')
  })

  it('shows the same texts as the ZPL, tracking number included', () => {
    const texts = pdfTexts(pdf)
    expect(texts).toContain('8V20524752032')
    expect(texts).toContain('Élodie Lefèvre-Château')
    expect(texts).toContain('Poids : 2,35 kg')
    const zplTexts = [...carrierLabelZpl(label).matchAll(/\^A0N[^]*?\^FD(.*?)\^FS/g)].map((m) => m[1])
    expect(texts).toEqual(zplTexts)
  })

  it('draws a Code 128 of the tracking number that a scanner reads back', () => {
    expect(readBarcode(pdf)).toBe('8V20524752032')
    const ups = carrierLabelPdf({ ...label, trackingNumber: '1Z999AA10123456784' })
    expect(readBarcode(ups)).toBe('1Z999AA10123456784')
  })

  it('is titled with the carrier and the number', () => {
    expect(carrierLabelTitle(label)).toBe('Étiquette Colissimo 8V20524752032')
  })
})

describe('the label layout', () => {
  it('keeps every item on the label and cuts long lines to fit', () => {
    const long = 'Résidence des Grands Chênes, escalier C, porte 12, au fond de la cour à gauche'
    const items = carrierLabelLayout({ ...label, recipient: { ...label.recipient, line1: long } })
    for (const item of items) {
      expect(item.x).toBeGreaterThanOrEqual(0)
      expect(item.top).toBeGreaterThanOrEqual(0)
      const width = item.kind === 'code128' ? LABEL_DOTS.width - 2 * item.x : item.width
      expect(item.x + width).toBeLessThanOrEqual(LABEL_DOTS.width)
      expect(item.top).toBeLessThan(LABEL_DOTS.height - 20)
    }
    expect(
      items.some((i) => i.kind === 'text' && i.text.startsWith('Résidence') && i.text.endsWith('…')),
    ).toBe(true)
  })

  it('writes addresses the French way: town in capitals, country only abroad, no empty lines', () => {
    expect(addressLines({ name: 'A', line1: '1 rue B', postcode: '', city: 'Lyon', country: 'FR' })).toEqual([
      'A',
      '1 rue B',
      'LYON',
    ])
    expect(
      addressLines({
        name: 'A',
        company: ' ',
        line1: '1 Rue B',
        postcode: '1000',
        city: 'Bruxelles',
        country: 'BE',
      }),
    ).toEqual(['A', '1 Rue B', '1000 BRUXELLES', 'BELGIQUE'])
  })

  it("writes the town line as the recipient's country does", () => {
    const at = (a: Partial<LabelAddress> & Pick<LabelAddress, 'city' | 'country'>) =>
      addressLines({ name: 'A', line1: '1 Main St', ...a })
    expect(at({ city: 'London', postcode: 'SW1A 1AA', country: 'GB' })).toEqual([
      'A',
      '1 Main St',
      'LONDON',
      'SW1A 1AA',
      'ROYAUME-UNI',
    ])
    expect(at({ city: 'Austin', region: 'TX', postcode: '78701', country: 'US' })).toEqual([
      'A',
      '1 Main St',
      'AUSTIN TX 78701',
      'ÉTATS-UNIS',
    ])
    expect(
      at({ city: 'Łódź', region: 'łódzkie', postcode: '90-001', country: 'PL', line3: 'lok. 4' }),
    ).toEqual(['A', '1 Main St', 'lok. 4', '90-001 ŁÓDŹ', 'łódzkie', 'POLOGNE'])
  })

  it('cuts a line to fit as the ZPL writes it: Cyrillic in Latin letters is longer', () => {
    const recipient: LabelAddress = {
      name: 'Щукина Жозефина Щедрина-Хрущёва',
      line1: 'ул. Щепкина, д. 15, подъезд 3, этаж 4',
      postcode: '101000',
      city: 'Москва',
      country: 'RU',
    }
    const zpl = carrierLabelLayout({ ...label, recipient }, zplText).filter((i) => i.kind === 'text')
    for (const item of zpl) expect(textWidth(item.text, item.size)).toBeLessThanOrEqual(item.width)
    expect(zpl.some((i) => i.text.startsWith('Schukina') && i.text.endsWith('…'))).toBe(true)
    // The PDF's layout keeps the script.
    expect(
      carrierLabelLayout({ ...label, recipient }).some(
        (i) => i.kind === 'text' && i.text.startsWith('Щукина'),
      ),
    ).toBe(true)
  })

  it('fits a long recipient, its phone last, in the block above the weight', () => {
    const recipient: LabelAddress = {
      name: 'Ольга Смирнова',
      company: 'ООО Ромашка',
      line1: 'ул. Ленина, д. 5',
      line2: 'кв. 12',
      line3: 'подъезд 2',
      postcode: '101000',
      city: 'Москва',
      region: 'Московская область',
      country: 'RU',
      phone: '+74951234567',
    }
    const texts = carrierLabelLayout({ ...label, recipient }).filter((i) => i.kind === 'text')
    const block = texts.filter((i) => i.top >= 432 && i.top < 760)
    expect(block.map((i) => i.text)).toEqual([
      'Ольга Смирнова',
      'ООО Ромашка',
      'ул. Ленина, д. 5',
      'кв. 12',
      'подъезд 2',
      '101000 МОСКВА',
      'Московская область',
      'RUSSIE',
      'Tél. +74951234567',
    ])
    const last = block[block.length - 1] as (typeof block)[number]
    expect(last.top + last.size).toBeLessThan(760)
  })
})
