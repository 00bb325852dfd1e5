/**
 * Text as a Zebra prints it in its resident font (issue 33). The labels send their fields in UTF-8
 * (`^CI28`) and print them in font 0, which has the Latin letters of Western and Central Europe
 * (Latin-1 and Latin Extended-A: 'Dvořák', 'Łódź', 'Müller' print as written) but no Greek or
 * Cyrillic: those would print as blanks. Any other run of characters is transliterated to Latin
 * letters (@sindresorhus/transliterate: 'Αθήνα' → 'Athina', 'София' → 'Sofiya'), so the driver and
 * the sorting hub still read the address; the PDF label (a person's reprint) keeps the script.
 */
import transliterate from '@sindresorhus/transliterate'

/**
 * Characters beyond Latin Extended-A and the typography the font has too (dashes, quotes, the
 * ellipsis, €, ™), a run at a time.
 */
const BEYOND_LATIN = /[^\u0020-\u017f\t\n\r\u2010-\u2027\u2030-\u203a\u20ac\u2122]+/gu

/** Greek's 'ου' is one sound, 'ou' (ELOT 743), where the letter-by-letter default gives 'oy'. */
const GREEK: [string, string][] = [
  ['ου', 'ou'],
  ['ού', 'ou'],
  ['Ου', 'Ou'],
  ['Ού', 'Ou'],
  ['ΟΥ', 'OU'],
  ['ΟΎ', 'OU'],
]

export const zplText = (text: string): string =>
  text.normalize('NFC').replace(BEYOND_LATIN, (run) => {
    const latin = transliterate(run, { customReplacements: GREEK })
    // A town line in capitals stays in capitals: 'СОФИЯ' → 'SOFIYA', not 'SOFIYa'.
    return run === run.toUpperCase() && run !== run.toLowerCase() ? latin.toUpperCase() : latin
  })
