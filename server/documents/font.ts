/**
 * The documents' one font (issue 33: any name prints): DejaVu Sans Condensed, from the
 * dejavu-fonts-ttf package. It has Latin with every European accent, Greek and Cyrillic, so
 * 'Łódź', 'Dvořák', 'Αθήνα' and 'Ольга' print as written; condensed, it is about as wide as the
 * Helvetica the layouts were drawn for. pdf.ts embeds it (pdfkit subsets it into each document);
 * here are its advance widths, read once with fontkit, to place, centre and cut text before any
 * PDF is drawn (the carrier label's layout, in printer dots, uses them for its ZPL too).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

const require = createRequire(import.meta.url)

/** The TrueType file's bytes, as pdfkit embeds them. */
export const FONT_BYTES: Buffer = readFileSync(
  require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
)
const font = create(FONT_BYTES) as Font

/** Advance widths by character, in 1/1000 em: a layout measures the same few characters again and again. */
const widths = new Map<string, number>()

function charWidth(char: string): number {
  let width = widths.get(char)
  if (width === undefined) {
    const code = char.codePointAt(0) ?? 0x3f
    width = (font.glyphForCodePoint(code).advanceWidth * 1000) / font.unitsPerEm
    widths.set(char, width)
  }
  return width
}

/** Width in points (or dots) of the text at this size. */
export function textWidth(text: string, size: number): number {
  let sum = 0
  for (const char of text.normalize('NFC')) sum += charWidth(char)
  return (sum * size) / 1000
}

/** The text, cut and ended with '…' when wider than maxWidth; never inside a character. */
export function truncateToWidth(text: string, size: number, maxWidth: number): string {
  if (textWidth(text, size) <= maxWidth) return text
  const room = (maxWidth * 1000) / size - charWidth('…')
  const chars = [...text.normalize('NFC')]
  let used = 0
  let keep = 0
  while (keep < chars.length && used + charWidth(chars[keep] as string) <= room) {
    used += charWidth(chars[keep] as string)
    keep++
  }
  return chars.slice(0, keep).join('').trimEnd() + '…'
}
