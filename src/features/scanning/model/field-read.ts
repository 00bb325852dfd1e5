/**
 * What the focused scan field reads at Enter. Key timing (wedge.ts) tells a scan from typing, but a
 * busy device (a loaded CPU, a handheld's renderer) can deliver a scanner's keys with long gaps: the
 * burst before Enter is then only the code's tail ('37600' · pause · '10000823' read as '10000823').
 * In the focused field the characters are all there, so the field's whole text is read when it holds
 * one code, scanned in one go:
 * - every character in it was keyed since the field was last empty, with no editing key (Backspace,
 *   an arrow…) and no pause longer than FIELD_PAUSE_MS between two of them — a person who left
 *   characters in the field, then picked up the scanner, paused longer than that;
 * - it ends with the burst's text (the burst is its tail);
 * - when check digits can decide, they do: a whole text that is a valid EAN/GTIN/SSCC/GS1 key is
 *   read; a burst that is one, behind characters that do not make one, is read alone (a person's
 *   leftovers are not joined to a good code).
 * Otherwise the burst's own text is read (it keeps a GS separator, which an input drops), and with no
 * burst at all, what was typed. Scans with no field focused keep the key-timing rule alone
 * (use-scan-listener.ts): there is no field to hold the whole code.
 */
import { BREAKING_KEYS, isPrintable } from './wedge.ts'
import { parseScan, type ScanSource } from './parse.ts'
import { GS } from './gs1.ts'

/** Longer than a stalled page holds a scanner's keys back; shorter than a person takes to pick up the scanner. */
export const FIELD_PAUSE_MS = 1000

/** The keys typed into the field since it was last empty: are they one code keyed in one go? */
export class FieldKeys {
  private last: number | null = null
  private broken = false

  constructor(private readonly pauseMs = FIELD_PAUSE_MS) {}

  key(name: string, time: number): void {
    if (BREAKING_KEYS.has(name)) this.broken = true
    else if (isPrintable(name)) {
      if (this.last !== null && time - this.last > this.pauseMs) this.broken = true
      this.last = time
    }
  }

  /** The field is empty again (a scan submitted, or the person erased it all). */
  clear(): void {
    this.last = null
    this.broken = false
  }

  /** Whether the field's text was keyed in one go, with no edit. */
  get whole(): boolean {
    return !this.broken
  }
}

export interface FieldRead {
  text: string
  source: ScanSource
}

const validKey = (text: string) => parseScan(text, 'wedge').checkDigit === 'valid'

/**
 * What to read at Enter: `value` is the field's text, `burst` the wedge scan the Enter ended (null
 * when the keys were typing), `whole` what FieldKeys says of the keys behind `value`.
 */
export function readAtEnter(value: string, burst: string | null, whole: boolean): FieldRead {
  if (burst === null) return { text: value, source: 'manual' }
  const tail = burst.replaceAll(GS, '')
  const fullText = value.trim()
  const longer = fullText.length > tail.length && fullText.endsWith(tail)
  if (!whole || !longer) return { text: burst, source: 'wedge' }
  if (!validKey(fullText) && validKey(burst)) return { text: burst, source: 'wedge' }
  return { text: fullText, source: 'wedge' }
}
