/**
 * Reading back a PDF of our writer (documents/pdf.ts, pdfkit) as a person would ("the pick list
 * names the batch", "the bars of the barcode"): its streams inflated, its text decoded through each
 * font's ToUnicode map, its filled rectangles. Not a general PDF parser: enough for pdfkit's files,
 * for the tests here and the browser tests (tests/e2e/helpers.ts) that read what was printed.
 */
import { inflateSync } from 'node:zlib'

interface PdfObject {
  dict: string
  stream: Buffer | null
}

/** Every object by number, its stream inflated when it is compressed. */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const found = new Map<number, PdfObject>()
  for (const match of text.matchAll(/(\d+) 0 obj\s*/g)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endobj', start)
    const body = text.slice(start, end)
    const streamAt = body.search(/stream\r?\n/)
    if (streamAt < 0) {
      found.set(Number(match[1]), { dict: body, stream: null })
      continue
    }
    const dict = body.slice(0, streamAt)
    const dataStart = start + streamAt + (/stream\r?\n/.exec(body.slice(streamAt))?.[0].length ?? 7)
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
    const raw = pdf.subarray(dataStart, dataStart + length)
    found.set(Number(match[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw })
  }
  return found
}

/** A ToUnicode CMap's glyph codes (hex) to the text they stand for. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  // A target may be several characters, spaced within its brackets (a ligature: <0066 0069> is 'fi').
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)))
  for (const block of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g))
    for (const [, code, text] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set((code as string).toLowerCase(), utf16(text as string))
  for (const block of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g))
    for (const [, from, to, rest] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g,
    )) {
      const first = parseInt(from as string, 16)
      const last = parseInt(to as string, 16)
      const width = (from as string).length
      const targets = (rest as string).startsWith('[')
        ? [...(rest as string).matchAll(/<([0-9a-fA-F\s]+)>/g)]
        : null
      for (let code = first; code <= last; code++) {
        const key = code.toString(16).padStart(width, '0')
        if (targets) map.set(key, utf16(targets[code - first]?.[1] ?? ''))
        else {
          const base = utf16(rest!.slice(1, -1))
          map.set(
            key,
            base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - first),
          )
        }
      }
    }
  return map
}

/** Each page's content, with the ToUnicode map of each font name it uses. */
function pages(pdf: Buffer): { content: string; fonts: Map<string, Map<string, string>> }[] {
  const all = objects(pdf)
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? NaN)
  const cmapOf = new Map<number, Map<string, string>>()
  const fontMap = (id: number) => {
    if (!cmapOf.has(id)) {
      const cmap = all.get(ref(all.get(id)?.dict ?? '', 'ToUnicode'))?.stream
      cmapOf.set(id, cmap ? toUnicode(cmap.toString('latin1')) : new Map())
    }
    return cmapOf.get(id) as Map<string, string>
  }
  const kids = [...all.values()]
    .filter((o) => /\/Type \/Pages\b/.test(o.dict))
    .flatMap((o) =>
      [...(/\/Kids \[([^\]]*)\]/.exec(o.dict)?.[1]?.matchAll(/(\d+) 0 R/g) ?? [])].map((m) => Number(m[1])),
    )
  return kids.map((id) => {
    const page = all.get(id)?.dict ?? ''
    const contents = ref(page, 'Contents')
    const resources = all.get(ref(page, 'Resources'))?.dict ?? page
    const fontDict =
      /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? all.get(ref(resources, 'Font'))?.dict ?? ''
    const fonts = new Map<string, Map<string, string>>()
    for (const [, name, fontId] of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g))
      fonts.set(name as string, fontMap(Number(fontId)))
    return { content: all.get(contents)?.stream?.toString('latin1') ?? '', fonts }
  })
}

/** The text the file shows, one string per text drawn, in drawing order. */
export function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = []
  for (const { content, fonts } of pages(pdf)) {
    for (const block of content.matchAll(/BT([^]*?)ET/g)) {
      const body = block[1] ?? ''
      const map = fonts.get(/\/(\w+) [\d.]+ Tf/.exec(body)?.[1] ?? '') ?? new Map<string, string>()
      const codes = [...body.matchAll(/<([0-9a-fA-F]*)>/g)].flatMap((m) => (m[1] ?? '').match(/.{4}/g) ?? [])
      texts.push(codes.map((code) => map.get(code.toLowerCase()) ?? '\ufffd').join(''))
    }
  }
  return texts
}

/** How many pages the file has (its page tree's /Count). */
export function pdfPageCount(pdf: Buffer): number {
  return Number(/\/Type \/Pages[^>]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0)
}

/**
 * Filled rectangles of at least `minHeight` points, grouped by their top and height: barcodes'
 * bars, left to right (x and width in points, as the layout drew them).
 */
export function pdfBarRows(pdf: Buffer, minHeight: number): [number, number][][] {
  const rows = new Map<string, [number, number][]>()
  for (const { content } of pages(pdf))
    for (const m of content.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re\s+f/g)) {
      const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number]
      if (h < minHeight) continue
      const key = `${y}/${h}`
      rows.set(key, [...(rows.get(key) ?? []), [x, w]])
    }
  return [...rows.values()].map((bars) => bars.sort((a, b) => a[0] - b[0]))
}
