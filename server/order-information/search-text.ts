/**
 * What a search text can be, read once before the queries (search.ts): the text as typed, in
 * upper case (order numbers, SKUs, totes and batch names are printed in upper case, a keyboard
 * types them in lower case too), as a tracking number (spaces dropped: labels print them in
 * groups), as the beginnings of a customer's words and as a postcode.
 */
import { normalizeTrackingNumber } from '../carriers/numbers.ts'

export interface SearchText {
  text: string
  upper: string
  trackingNumber: string
  /** A full-text prefix query ('lea:* & dub:*'), or null when the text has no letter or digit. */
  nameQuery: string | null
  /** As a postcode is stored to be searched (upper case, no space), or null when it cannot be one. */
  postcode: string | null
}

/** 2 to 10 letters, digits, spaces and hyphens with a digit among them: 75019, SW1A 1AA, 90-006, 110 00. */
const POSTCODE = /^(?=.*\d)[A-Za-z0-9 -]{2,10}$/

/**
 * The accents order_search_words (migration 0014) folds, and what it folds them to: the Latin-1
 * letters only. Any other letter (Ł, ř, Greek, Cyrillic) stays itself in the stored words, so a
 * search must keep it too, or 'Łódź' and 'Νικολάου' would never be found.
 */
const FOLDED_FROM = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ'
const FOLDED_TO = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy'
const FOLD = new Map([...FOLDED_FROM].map((char, i) => [char, FOLDED_TO[i] as string]))

/** Accents and case folded as order_search_words folds a name. */
const foldWord = (word: string) =>
  [...word.normalize('NFC')]
    .map((char) => FOLD.get(char) ?? char)
    .join('')
    .toLowerCase()

/**
 * Each word of the text as the beginning of one of the name's words, all of them required. Only
 * letters and digits are kept, of any script: to_tsquery reads anything else as an operator, and
 * the name's own words are split at the same places (an apostrophe, a hyphen).
 */
export function nameQueryOf(text: string): string | null {
  const words = foldWord(text)
    .split(/[^\p{L}\p{N}]+/u)
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
    postcode: POSTCODE.test(text) ? text.toUpperCase().replaceAll(' ', '') : null,
  }
}
