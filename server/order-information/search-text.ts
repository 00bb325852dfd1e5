/**
 * What a search text can be, read once before the queries (search.ts): the text as typed, in
 * upper case (order numbers, SKUs, totes and batch names are printed in upper case, a keyboard
 * types them in lower case too), as a tracking number (spaces dropped: labels print them in
 * groups) and as the beginnings of a customer's words.
 */
import { normalizeTrackingNumber } from '../carriers/numbers.ts'

export interface SearchText {
  text: string
  upper: string
  trackingNumber: string
  /** A full-text prefix query ('lea:* & dub:*'), or null when the text has no letter or digit. */
  nameQuery: string | null
}

/** Accents and case folded: what order_search_words (migration 0014) does to a name. */
const foldWord = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/**
 * Each word of the text as the beginning of one of the name's words, all of them required. Only
 * letters and digits are kept: to_tsquery reads anything else as an operator, and the name's own
 * words are split at the same places (an apostrophe, a hyphen).
 */
export function nameQueryOf(text: string): string | null {
  const words = foldWord(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8)
  // A lone initial ('n' of "N'Diaye", 'j' of 'J. Martin') begins the words of half the names: it
  // narrows nothing and makes the index merge them all. Kept only when it is all there is.
  const kept = words.some((w) => w.length > 1) ? words.filter((w) => w.length > 1) : words
  return kept.length === 0 ? null : kept.map((w) => `${w}:*`).join(' & ')
}

export function readSearchText(raw: string): SearchText {
  const text = raw.trim()
  return {
    text,
    upper: text.toUpperCase(),
    trackingNumber: normalizeTrackingNumber(text),
    nameQuery: nameQueryOf(text),
  }
}
