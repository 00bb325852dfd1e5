/**
 * Text for the PDF standard font Helvetica in WinAnsiEncoding: French accents are single bytes
 * there (é = 0xE9, œ = 0x9C), so no font needs embedding. Also Helvetica's advance widths, to
 * centre and truncate text without a font file.
 */

/** WinAnsi bytes 0x80..0x9F that differ from Latin-1 (the rest of 0xA0..0xFF is Latin-1). */
const SPECIALS: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
  // French typography's narrow no-break space has no WinAnsi byte: the no-break space stands in.
  '\u202f': 0xa0,
}

/** The WinAnsi byte of one character; characters the font lacks lose their accent, or become '?'. */
export function winAnsiByte(char: string): number {
  const code = char.codePointAt(0) ?? 0x3f
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code
  const special = SPECIALS[char]
  if (special !== undefined) return special
  const base = char.normalize('NFD')[0]
  return base && base !== char && base.charCodeAt(0) < 0x7f ? base.charCodeAt(0) : 0x3f
}

export const winAnsiBytes = (text: string): number[] => [...text.normalize('NFC')].map(winAnsiByte)

/** Helvetica advance widths (1/1000 em) of ASCII 32..126, from its AFM. */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
/** Widths of the few non-ASCII glyphs that are not an accented ASCII letter. */
const OTHER_WIDTHS: Readonly<Record<number, number>> = {
  0x80: 556,
  0x85: 1000,
  0x8c: 1000,
  0x91: 222,
  0x92: 222,
  0x93: 333,
  0x94: 333,
  0x95: 350,
  0x96: 556,
  0x97: 1000,
  0x9c: 944,
  0xa0: 278,
  0xab: 556,
  0xb0: 400,
  0xbb: 556,
  0xc6: 1000,
  0xdf: 611,
  0xe6: 889,
}

function byteWidth(byte: number): number {
  if (byte >= 0x20 && byte <= 0x7e) return ASCII_WIDTHS[byte - 0x20] as number
  const other = OTHER_WIDTHS[byte]
  if (other !== undefined) return other
  // An accented letter is as wide as its base letter in Helvetica (é = e, À = A).
  const base = String.fromCharCode(byte).normalize('NFD').charCodeAt(0)
  return base >= 0x20 && base <= 0x7e ? (ASCII_WIDTHS[base - 0x20] as number) : 556
}

/** Width in points of the text in Helvetica at this size. */
export function textWidth(text: string, size: number): number {
  return (winAnsiBytes(text).reduce((sum, byte) => sum + byteWidth(byte), 0) * size) / 1000
}

/** The text, cut and ended with '…' when wider than maxWidth. */
export function truncateToWidth(text: string, size: number, maxWidth: number): string {
  if (textWidth(text, size) <= maxWidth) return text
  const chars = [...text]
  while (chars.length > 0 && textWidth(chars.join('').trimEnd() + '…', size) > maxWidth) chars.pop()
  return chars.join('').trimEnd() + '…'
}
