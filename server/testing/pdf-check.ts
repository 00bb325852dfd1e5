/**
 * Structural check of a PDF the way a reader opens it: startxref points at the xref table, each
 * in-use entry's offset at `N 0 obj`, each stream's /Length at its `endstream`. Used by the tests
 * of the writer and of the document links.
 */
export function pdfStructureProblems(pdf: Buffer): string[] {
  const text = pdf.toString('latin1')
  const problems: string[] = []
  if (!text.startsWith('%PDF-1.')) problems.push('no %PDF-1.x header')
  if (!text.trimEnd().endsWith('%%EOF')) problems.push('no %%EOF at the end')
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)
  const xrefAt = Number(startxref?.[1] ?? NaN)
  if (!startxref || !text.startsWith('xref', xrefAt)) return [...problems, 'startxref does not point at xref']
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt))
  if (!header) return [...problems, 'malformed xref header']
  const count = Number(header[1])
  const entriesAt = xrefAt + header[0].length
  for (let n = 0; n < count; n++) {
    const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20)
    const match = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry)
    if (!match) {
      problems.push(`xref entry ${n} is not 20 bytes: ${JSON.stringify(entry)}`)
      continue
    }
    if (match[3] === 'f') continue
    const offset = Number(match[1])
    if (!text.startsWith(`${n} 0 obj`, offset))
      problems.push(`object ${n}: offset ${offset} is not "${n} 0 obj"`)
  }
  const trailer = /trailer\s*<<[^]*?\/Size (\d+)[^]*?>>/.exec(text.slice(xrefAt))
  if (Number(trailer?.[1]) !== count) problems.push('trailer /Size differs from the xref count')
  for (const stream of text.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const end = stream.index + stream[0].length + Number(stream[1])
    // The spec lets an end-of-line marker stand between the data and 'endstream' (7.3.8.1).
    if (!/^(\r?\n)?endstream/.test(text.slice(end, end + 11)))
      problems.push(`stream at ${stream.index}: /Length is wrong`)
  }
  return problems
}
