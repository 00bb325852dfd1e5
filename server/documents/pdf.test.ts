import { describe, expect, it } from 'vitest'
import { codeLabelPage, productLabelPage } from './labels.ts'
import { MM, PageContent, pdfDocument } from './pdf.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfBarRows, pdfPageCount, pdfTexts } from '../testing/pdf-text.ts'
import { textWidth, truncateToWidth } from './font.ts'

const page = (draw: (content: PageContent) => void) => {
  const content = new PageContent()
  draw(content)
  return { width: 200, height: 100, content }
}

describe('PDF writer', () => {
  it('writes a structurally valid file: xref offsets at each object, stream lengths right', () => {
    const pdf = pdfDocument([codeLabelPage('A-01-01-01'), codeLabelPage('B-02-03-01')], {
      title: 'Étiquettes emplacement (2)',
    })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfStructureProblems(pdf)).toEqual([])
    expect(pdfPageCount(pdf)).toBe(2)
    expect(pdfTexts(pdf)).toEqual(expect.arrayContaining(['A-01-01-01', 'B-02-03-01']))
  })

  it('the structure check catches a broken offset and a wrong length', () => {
    const pdf = pdfDocument([codeLabelPage('A-01')]).toString('latin1')
    expect(pdfStructureProblems(Buffer.from(pdf.replace('3 0 obj', '3  0 obj'), 'latin1'))).not.toEqual([])
    expect(
      pdfStructureProblems(Buffer.from(pdf.replace(/\/Length (\d+)/, '/Length 1$1'), 'latin1')),
    ).not.toEqual([])
  })

  it('prints any name: Polish, Czech, Greek and Cyrillic letters read back as written', () => {
    const names = ['Łódź', 'Dvořák', 'Αθήνα', 'Ольга Смирнова', 'Entrepôt « Œuvre » – 12 €']
    const pdf = pdfDocument([page((p) => names.forEach((name, i) => p.text(name, 10, 90 - i * 15, 10)))])
    expect(pdfTexts(pdf)).toEqual(names)
    // The font travels in the file, cut down to the glyphs used (a subset's tag: six capitals and +).
    const text = pdf.toString('latin1')
    expect(text).toMatch(/\/FontFile2 \d+ 0 R/)
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed/)
    expect(pdf.length).toBeLessThan(40_000)
  })

  it('draws pages at label size, bars as filled rectangles where the layout put them', () => {
    const label = productLabelPage({ sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe' })
    expect(label.width).toBeCloseTo(50 * MM)
    expect(label.height).toBeCloseTo(25 * MM)
    const pdf = pdfDocument([label, label, label])
    expect(pdfPageCount(pdf)).toBe(3)
    expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${Math.round(50 * MM * 100) / 100}`)
    const bars = pdfDocument([page((p) => p.rect(10, 20, 2.5, 30).rect(20, 20, 1, 30).rect(0, 0, 5, 5))])
    expect(pdfBarRows(bars, 10)).toEqual([
      [
        [10, 2.5],
        [20, 1],
      ],
    ])
  })

  it('aligns text on its x: left, centred or right, by its width in the font', () => {
    const content = new PageContent().text('Commande', 100, 50, 10, 'right').text('A', 100, 30, 10, 'center')
    const [right, centre] = content.ops as { x: number }[]
    expect((right?.x ?? 0) + textWidth('Commande', 10)).toBeCloseTo(100)
    expect((centre?.x ?? 0) + textWidth('A', 10) / 2).toBeCloseTo(100)
  })
})

describe('text widths', () => {
  it('measures the font and truncates to fit with an ellipsis, never inside a letter', () => {
    expect(textWidth('A-01', 10)).toBeGreaterThan(15)
    expect(textWidth('A-01', 10)).toBeLessThan(30)
    expect(textWidth('é', 10)).toBeCloseTo(textWidth('e', 10))
    // Decomposed input (e + combining accent) is measured as the letter it makes.
    expect(textWidth('e\u0301', 10)).toBeCloseTo(textWidth('é', 10))
    const name = 'Applique murale en laiton brossé avec abat-jour en lin naturel'
    const cut = truncateToWidth(name, 7, 100)
    expect(cut.endsWith('…')).toBe(true)
    expect(textWidth(cut, 7)).toBeLessThanOrEqual(100)
    expect(truncateToWidth('Lampe', 7, 100)).toBe('Lampe')
    expect(truncateToWidth('Ольга Смирнова-Кузнецова', 10, 60)).toMatch(/^Ольга.*…$/)
  })
})
