import { describe, expect, it } from 'vitest'
import { codeLabelPage, productLabelPage } from './labels.ts'
import { MM, PageContent, pdfDocument, pdfString } from './pdf.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { textWidth, truncateToWidth, winAnsiBytes } from './winansi.ts'

describe('PDF writer', () => {
  it('writes a structurally valid file: xref offsets at each object, stream lengths right', () => {
    const pdf = pdfDocument([codeLabelPage('A-01-01-01'), codeLabelPage('B-02-03-01')], {
      title: 'Étiquettes emplacement (2)',
    })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfStructureProblems(pdf)).toEqual([])
    const text = pdf.toString('latin1')
    expect(text).toContain('/Count 2')
    expect(text).toContain('(A-01-01-01) Tj')
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding')
  })

  it('the structure check catches a broken offset and a wrong length', () => {
    const pdf = pdfDocument([codeLabelPage('A-01')]).toString('latin1')
    expect(pdfStructureProblems(Buffer.from(pdf.replace('3 0 obj', '3  0 obj'), 'latin1'))).not.toEqual([])
    expect(
      pdfStructureProblems(Buffer.from(pdf.replace(/\/Length (\d+)/, '/Length 1$1'), 'latin1')),
    ).not.toEqual([])
  })

  it('draws pages at label size, sharing one content stream between identical labels', () => {
    const page = productLabelPage({ sku: 'ML-0001', ean13: '3760010000014', name: 'Lampe' })
    expect(page.width).toBeCloseTo(50 * MM)
    expect(page.height).toBeCloseTo(25 * MM)
    const pdf = pdfDocument([page, page, page]).toString('latin1')
    expect(pdf.match(/\/Type \/Page /g)).toHaveLength(3)
    expect(pdf.match(/>>\nstream\n/g)).toHaveLength(1)
    expect(pdfStructureProblems(Buffer.from(pdf, 'latin1'))).toEqual([])
  })

  it('draws bars as filled rectangles and text with Helvetica', () => {
    const content = new PageContent().rect(1, 2, 3.456, 4).text('Éa', 10, 20, 12).toString()
    expect(content).toBe('1 2 3.46 4 re f\nBT /F1 12 Tf 10 20 Td (\\311a) Tj ET\n')
  })
})

describe('WinAnsi text', () => {
  it('maps French letters to their WinAnsi bytes, escaping PDF string syntax', () => {
    expect(winAnsiBytes('éèàçôÉœŒ€’')).toEqual([0xe9, 0xe8, 0xe0, 0xe7, 0xf4, 0xc9, 0x9c, 0x8c, 0x80, 0x92])
    // Decomposed input (e + combining accent) is recomposed first.
    expect(winAnsiBytes('e\u0301')).toEqual([0xe9])
    // Not in the font: the accent goes (ő -> o), else '?'.
    expect(winAnsiBytes('ő✓')).toEqual([0x6f, 0x3f])
    expect(pdfString('Entrepôt (A\\B)')).toBe('(Entrep\\364t \\(A\\\\B\\))')
  })

  it('measures Helvetica and truncates to fit with an ellipsis', () => {
    expect(textWidth('A-01', 10)).toBeCloseTo((667 + 333 + 556 + 556) / 100)
    expect(textWidth('é', 10)).toBe(textWidth('e', 10))
    const name = 'Applique murale en laiton brossé avec abat-jour en lin naturel'
    const cut = truncateToWidth(name, 7, 100)
    expect(cut.endsWith('…')).toBe(true)
    expect(textWidth(cut, 7)).toBeLessThanOrEqual(100)
    expect(truncateToWidth('Lampe', 7, 100)).toBe('Lampe')
  })
})
