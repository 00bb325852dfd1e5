import { describe, expect, it } from 'vitest'
import type { CustomizationFileData } from './customization-file-data.ts'
import { asciiFilename, customizationDocument, engravingOf, proofSvg } from './customization-file.ts'
import { pdfStructureProblems } from '../testing/pdf-check.ts'
import { pdfTexts } from '../testing/pdf-text.ts'

const order = {
  name: 'ML-100123',
  shopName: 'Maison Lumière',
  customer: 'Léa Dubois',
  createdAt: new Date('2025-11-20T10:00:00Z'),
}
const line = (rank: number, text: string) => ({
  rank,
  sku: `ML-000${rank}`,
  name: 'Lampe de chevet laiton',
  quantity: 1,
  text,
})
const file = (over: Partial<CustomizationFileData>): CustomizationFileData => ({
  name: 'Bon à tirer ML-100123-1.svg',
  mimeType: 'image/svg+xml',
  content: null,
  generator: 'proof',
  order,
  lines: [line(1, 'Gravure « Pour Léa » · réf. PERSO-ML-100123-1')],
  ...over,
})

describe('customization files drawn when fetched', () => {
  it('takes the words between « » as the engraving, else the text before its reference', () => {
    expect(engravingOf('Gravure « Pour Léa » · réf. PERSO-ML-100123-1')).toBe('Pour Léa')
    expect(engravingOf('Marquage logo client (fichier joint) · réf. PERSO-ML-1-1')).toBe(
      'Marquage logo client (fichier joint)',
    )
  })

  it('draws a proof whose text is escaped, never markup', () => {
    const svg = proofSvg(order, line(2, 'Gravure « <script>alert(1)</script> & "co" » · réf. X'))
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;')
    expect(svg).toContain('Bon à tirer · ML-100123 · ligne 2')
    expect(svg.match(/<svg /g)).toHaveLength(1)
    expect(svg.endsWith('</svg>')).toBe(true)
  })

  it('draws the job sheet as a PDF naming the order and every customised line', () => {
    const sheet = customizationDocument(
      file({
        name: 'Fiche de personnalisation ML-100123.pdf',
        mimeType: 'application/pdf',
        generator: 'sheet',
        lines: [line(1, 'Gravure « Pour Léa » · réf. A'), line(3, 'Broderie initiales « C.M. » · réf. B')],
      }),
    )
    expect(sheet?.contentType).toBe('application/pdf')
    expect(sheet?.filename).toBe('Fiche-de-personnalisation-ML-100123.pdf')
    const body = sheet?.body as Buffer
    expect(pdfStructureProblems(body)).toEqual([])
    const texts = pdfTexts(body)
    expect(texts).toEqual(
      expect.arrayContaining(['Fiche de personnalisation', 'ML-100123', '« Pour Léa »', '« C.M. »']),
    )
    expect(texts.some((t) => t.startsWith('Ligne 3 · ML-0003'))).toBe(true)
  })

  it('answers a stored file unchanged, and nothing for a proof whose line is no longer customised', () => {
    const content = Buffer.from([1, 2, 3])
    expect(
      customizationDocument(file({ content, generator: null, mimeType: 'image/png', name: 'logo.png' })),
    ).toEqual({
      body: content,
      contentType: 'image/png',
      filename: 'logo.png',
    })
    expect(customizationDocument(file({ lines: [] }))).toBeNull()
  })

  it('gives file names any header takes', () => {
    expect(asciiFilename('Bon à tirer ML-1-1.svg')).toBe('Bon-a-tirer-ML-1-1.svg')
    expect(asciiFilename('"; rm -rf /.pdf')).toBe('rm--rf-.pdf')
    expect(asciiFilename('«»')).toBe('fichier')
  })
})
