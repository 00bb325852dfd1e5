import { describe, expect, it } from 'vitest'
import {
  DOCUMENT_LINK_LIFETIME_MS,
  entriesFromElements,
  entryFromElement,
  entryFromPickingElement,
  entryFromPrintDone,
  formatPrintDate,
  linkMayHaveExpired,
  loggedDocument,
  needsFreshLink,
  RELINK_MARGIN_MS,
  reprintRequest,
  reprintUse,
} from './model.ts'
import { inParis } from '../../../tests/client/paris-time.ts'

// A Paris wall clock: the date is shown in the warehouse's time zone (Paris by default).
const at = inParis(2026, 10, 23, 14, 5, 12)

describe('formatPrintDate', () => {
  it('writes the French locale short date and medium time', () => {
    expect(formatPrintDate(at)).toBe('23/11/2026 14:05:12')
    expect(formatPrintDate(inParis(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 03:04:05')
  })
})

describe('entryFromElement', () => {
  it("takes the name from the element's title, the link from its URL, and stamps the time", () => {
    expect(
      entryFromElement({ title: 'Emplacement A-01-01-01', url: 'https://x.fr/doc/1.pdf' }, 'mono', at),
    ).toEqual({
      date: '23/11/2026 14:05:12',
      name: 'Emplacement A-01-01-01',
      type: 'mono',
      link: 'https://x.fr/doc/1.pdf',
      printedAt: at.getTime(),
    })
  })

  it('leaves the type empty when the print is not a picking document, and the link empty without a URL', () => {
    for (const url of [undefined, null, '', '   ']) {
      const entry = entryFromElement({ title: 'Caisse 12', url }, undefined, at)
      expect(entry.type).toBe('')
      expect(entry.link).toBe('')
    }
  })

  it('uses the current time by default', () => {
    const before = Date.now()
    const entry = entryFromElement({ title: 't' })
    expect(entry.printedAt).toBeGreaterThanOrEqual(before)
    expect(entry.date).toBe(formatPrintDate(new Date(entry.printedAt)))
  })
})

describe('the other builders', () => {
  it('builds from a print element plus a picking type', () => {
    expect(entryFromPickingElement({ title: 'Liste', url: 'u' }, 'multi_gift', at)).toMatchObject({
      name: 'Liste',
      type: 'multi_gift',
      link: 'u',
    })
  })

  it('builds entries for a bulk print, all at the same time', () => {
    const entries = entriesFromElements([{ title: 'a', url: 'ua' }, { title: 'b' }], 'mono_classic', at)
    expect(entries.map((e) => [e.name, e.type, e.link, e.printedAt])).toEqual([
      ['a', 'mono_classic', 'ua', at.getTime()],
      ['b', 'mono_classic', '', at.getTime()],
    ])
  })
})

describe('entryFromPrintDone', () => {
  it("builds the entry of a 'print-done' event, with the printer and format", () => {
    const detail = {
      title: 'A-01',
      url: 'https://x/a.zpl',
      printedAt: at.getTime(),
      printer: 'Zebra ZD421',
      use: 'label',
      format: 'zpl',
      type: 'mono',
    }
    expect(entryFromPrintDone(detail)).toEqual({
      date: '23/11/2026 14:05:12',
      name: 'A-01',
      type: 'mono',
      link: 'https://x/a.zpl',
      printedAt: at.getTime(),
      printer: 'Zebra ZD421',
      use: 'label',
      format: 'zpl',
    })
    expect(entryFromPrintDone({ ...detail, use: 'poster' })).not.toHaveProperty('use')
  })

  it('ignores an unknown format and an empty printer, and refuses a detail without a title', () => {
    const entry = entryFromPrintDone({
      title: 't',
      url: '',
      printedAt: at.getTime(),
      printer: '',
      format: 'png',
    })
    expect(entry).not.toHaveProperty('printer')
    expect(entry).not.toHaveProperty('format')
    expect(entry?.type).toBe('')
    expect(entryFromPrintDone(null)).toBeNull()
    expect(entryFromPrintDone({ url: 'u' })).toBeNull()
  })
})

describe('linkMayHaveExpired', () => {
  it('is true for a link older than the lifetime of document links, never for an empty link', () => {
    const printedAt = 1_000_000
    expect(linkMayHaveExpired({ link: 'u', printedAt }, printedAt + DOCUMENT_LINK_LIFETIME_MS)).toBe(false)
    expect(linkMayHaveExpired({ link: 'u', printedAt }, printedAt + DOCUMENT_LINK_LIFETIME_MS + 1)).toBe(true)
    expect(linkMayHaveExpired({ link: '', printedAt }, printedAt + 10 * DOCUMENT_LINK_LIFETIME_MS)).toBe(
      false,
    )
  })
})

describe('reprints (issue 16)', () => {
  it('asks for a fresh link once the logged one is close to its end, or from a clock set back', () => {
    const printedAt = 1_000_000
    const renewedFrom = printedAt + DOCUMENT_LINK_LIFETIME_MS - RELINK_MARGIN_MS
    expect(needsFreshLink({ printedAt }, printedAt + 5_000)).toBe(false)
    expect(needsFreshLink({ printedAt }, renewedFrom)).toBe(false)
    expect(needsFreshLink({ printedAt }, renewedFrom + 1)).toBe(true)
    expect(needsFreshLink({ printedAt }, printedAt + 30 * 24 * 3600_000)).toBe(true)
    expect(needsFreshLink({ printedAt }, printedAt - 1)).toBe(true)
  })

  it('goes to the same kind of printer; older entries: picking documents on A4, the rest on labels', () => {
    expect(reprintUse({ use: 'a4', type: '' })).toBe('a4')
    expect(reprintUse({ use: 'label', type: 'mono' })).toBe('label')
    expect(reprintUse({ type: 'multi_gift' })).toBe('a4')
    expect(reprintUse({ type: '' })).toBe('label')
  })
})

describe('the paper size (review of issue 16)', () => {
  const detail = { title: 'Caisse 12', url: 'https://x/c.pdf', printedAt: at.getTime(), format: 'pdf' }

  it("keeps the document's page from the 'print-done' event, and ignores one that is not a size", () => {
    expect(entryFromPrintDone({ ...detail, page: { widthMm: 100, heightMm: 50 } })?.page).toEqual({
      widthMm: 100,
      heightMm: 50,
    })
    for (const page of [
      undefined,
      null,
      'A4',
      { widthMm: 100 },
      { widthMm: 0, heightMm: 50 },
      { widthMm: '100', heightMm: 50 },
    ])
      expect(entryFromPrintDone({ ...detail, page })).not.toHaveProperty('page')
  })

  it('reprints a fresh entry with its link, format and page; an older entry has no page', () => {
    const entry = entryFromPrintDone({ ...detail, page: { widthMm: 100, heightMm: 50 } })!
    expect(loggedDocument(entry)).toEqual({
      title: 'Caisse 12',
      url: 'https://x/c.pdf',
      format: 'pdf',
      expiresAt: '',
      page: { widthMm: 100, heightMm: 50 },
    })
    expect(loggedDocument({ ...entry, page: undefined, format: undefined })).toEqual({
      title: 'Caisse 12',
      url: 'https://x/c.pdf',
      format: 'pdf',
      expiresAt: '',
    })
  })
})

describe('reprintRequest', () => {
  it('asks for the same kind of printer, the one used before, and keeps the picking type', () => {
    const document = { title: 'Liste', url: 'https://x/l.pdf', format: 'pdf' as const, expiresAt: '' }
    const picking = { ...entryFromElement({ title: 'Liste' }, 'mono', at), printer: 'HP LaserJet A4' }
    expect(reprintRequest(picking, document)).toEqual({
      document,
      use: 'a4',
      printer: 'HP LaserJet A4',
      pickingType: 'mono',
    })
    expect(reprintRequest(entryFromElement({ title: 'Caisse' }, '', at), document)).toEqual({
      document,
      use: 'label',
    })
  })
})
