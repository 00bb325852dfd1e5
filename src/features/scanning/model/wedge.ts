/**
 * Keyboard-wedge detection by key timing. A wedge scanner (Zebra/Honeywell handheld, USB scanner)
 * "types" the code as key events far faster than a person can; that speed is the only thing telling
 * a scan from a user typing in the same field.
 *
 * Keys (`KeyboardEvent.key` and `event.timeStamp`, in ms):
 * - printable: a single character (one code point, so also 'é' or ' ');
 * - suffix: 'Enter' and 'Tab', which scanners can append to a code;
 * - breaking: 'Backspace', 'Delete', the arrows, 'Home', 'End', 'PageUp', 'PageDown', 'Escape' —
 *   only a person presses those, so they end any burst as typing, and a burst starting at most
 *   maxGapMs after one is typing too (the person's hand is still on the keys);
 * - everything else ('Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Unidentified', 'F1'…) is ignored,
 *   for timing too: a scanner presses Shift for capitals as well. (Shortcuts with Ctrl/Alt/Meta are for
 *   the caller to keep out.)
 *
 * Rules, with the options maxGapMs (50), minLength (3) and endSilenceMs (100):
 * 1. A burst is a run of consecutive printable keys, each at most maxGapMs after the previous one,
 *    from its first character to its last. A printable key that comes later than that starts a new
 *    burst: the gap separates a person's typing from a scan that follows it.
 * 2. Enter/Tab at most maxGapMs after the burst's last character, when the burst has at least
 *    minLength characters → { type: 'scan', suffix: 'Enter' | 'Tab' }. The suffix is part of the scan.
 * 3. A silence after a burst — no counted key for more than maxGapMs and at least endSilenceMs — ends
 *    it: with at least minLength characters → { type: 'scan', suffix: null } (unless rule 5 says the
 *    scanner sends a suffix). The silence is noticed by `flush(now)` (the caller's timer) or by the
 *    next key, whichever comes first, so the verdicts do not depend on when the timer fires.
 * 4. Every other character is typing: a burst too short, a burst followed by a key sooner than the end
 *    silence, a burst broken by (or started right after) Backspace or an arrow, a burst whose Enter
 *    came too late. Typing characters are collected and reported as one { type: 'typing', text } when
 *    a typing Enter/Tab comes (it ends what was typed: 'abc' typed 120 ms apart then Enter → typing
 *    'abc'), just before a scan (so verdicts stay in the order of the keys), or at `flush`. `text` lists
 *    the characters as keyed: a Backspace is not applied to it. A lone Enter with nothing typed gives
 *    no verdict.
 * 5. The option `suffix` says whether this device's scanner ends its codes with Enter/Tab. 'none': rule 3
 *    applies. 'enter': rule 3 never makes a scan — a burst without suffix is typing — and the timer's
 *    `flush(now)` never ends a burst at all, since a page that stalls mid-burst (the renderer or the
 *    machine busy) can run the timer before the rest of the burst's keys are dispatched, with their
 *    timestamps still a few ms apart: the burst waits for its next key, and the keys' own clock
 *    decides (each gap ≤ maxGapMs: the same burst, and its Enter makes the whole code one scan). A
 *    burst that really ended without suffix is never lost: its characters stay in the field, the next
 *    key that comes after a gap makes them typing, reported as rule 4 says (before the next scan, at a
 *    person's Enter, at the next flush), and `release()` reports them when the input ends. 'auto' is
 *    'none' until the first scan with a suffix, then 'enter' (`suffixExpected` tells the caller, which
 *    keeps it for the device).
 *
 * Hence a scan needs ≥ minLength characters all ≤ maxGapMs apart; a person typing a few keys fast
 * ('th' 40 ms apart) then slower never makes one, and raising minLength guards against the fastest
 * typists. `durationMs` goes from the first character to the suffix (or the last character when there
 * is none); `keys` counts the characters (not the suffix, not Shift).
 */

/** Whether the scanner ends its codes with Enter/Tab: 'enter' (Tab too), 'none', or 'auto' (learnt). */
export type WedgeSuffixMode = 'auto' | 'enter' | 'none'

export const WEDGE_SUFFIX_MODES: readonly WedgeSuffixMode[] = ['auto', 'enter', 'none']

export interface WedgeOptions {
  maxGapMs: number
  minLength: number
  endSilenceMs: number
  suffix: WedgeSuffixMode
}

/**
 * The rules as such take every kind of scanner at once ('none': rule 3 applies, nothing is learnt);
 * a device's settings start at 'auto' instead (wedge-settings.ts), since one device has one scanner.
 */
export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  maxGapMs: 50,
  minLength: 3,
  endSilenceMs: 100,
  suffix: 'none',
}

type WedgeTiming = Exclude<keyof WedgeOptions, 'suffix'>

/** `KeyboardEvent.key` and `event.timeStamp` (ms). */
export interface WedgeKey {
  key: string
  time: number
}

export type WedgeVerdict =
  | { type: 'scan'; text: string; suffix: 'Enter' | 'Tab' | null; durationMs: number; keys: number }
  | { type: 'typing'; text: string }

/** Keys only a person presses (rule 4): they end a burst as typing. */
export const BREAKING_KEYS: ReadonlySet<string> = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
])

export const isPrintable = (key: string): boolean =>
  key.length === 1 || (key.length === 2 && [...key].length === 1)

function resolveOptions(options: Partial<WedgeOptions> = {}): WedgeOptions {
  const pick = (name: WedgeTiming): number => {
    const value = options[name]
    return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_WEDGE_OPTIONS[name]
  }
  return {
    maxGapMs: Math.max(0, pick('maxGapMs')),
    minLength: Math.max(1, Math.ceil(pick('minLength'))),
    endSilenceMs: Math.max(0, pick('endSilenceMs')),
    suffix: WEDGE_SUFFIX_MODES.find((mode) => mode === options.suffix) ?? DEFAULT_WEDGE_OPTIONS.suffix,
  }
}

export class WedgeDetector {
  readonly options: WedgeOptions
  /** Characters judged typing, not reported yet. */
  private typed = ''
  /** The current burst: printable keys all within maxGapMs of each other. */
  private burst = ''
  private burstKeys = 0
  private burstStart = 0
  private lastCharTime = 0
  /** The burst began right after a breaking key: it is a person's, never a scan. */
  private burstTainted = false
  private lastBreakTime: number | null = null
  /** Time of the last counted key (printable, suffix or breaking), null before the first. */
  private lastKeyTime: number | null = null
  /** Rule 5: a burst ends as a scan only with its suffix (set by 'enter', learnt by 'auto'). */
  private expectSuffix: boolean

  constructor(options?: Partial<WedgeOptions>) {
    this.options = resolveOptions(options)
    this.expectSuffix = this.options.suffix === 'enter'
  }

  /** Whether this scanner is known to end its codes with Enter/Tab (rule 5). */
  get suffixExpected(): boolean {
    return this.expectSuffix
  }

  /** Feed one key; returns verdicts completed by this key (a scan ended by Enter/Tab; or earlier keys judged typing). */
  push(key: WedgeKey): WedgeVerdict[] {
    const { key: name, time } = key
    const printable = isPrintable(name)
    const suffix = name === 'Enter' || name === 'Tab' ? name : null
    if (!printable && !suffix && !BREAKING_KEYS.has(name)) return []

    const out: WedgeVerdict[] = []
    if (this.lastKeyTime !== null && this.isSilence(time - this.lastKeyTime)) this.endBySilence(out)

    if (printable) {
      if (this.burstKeys > 0 && time - this.lastCharTime <= this.options.maxGapMs) {
        this.burst += name
        this.burstKeys++
      } else {
        this.demoteBurst()
        this.burst = name
        this.burstKeys = 1
        this.burstStart = time
        this.burstTainted = this.lastBreakTime !== null && time - this.lastBreakTime <= this.options.maxGapMs
      }
      this.lastCharTime = time
    } else if (suffix) {
      if (this.isScanLength() && time - this.lastCharTime <= this.options.maxGapMs) {
        this.emitTyped(out)
        out.push({
          type: 'scan',
          text: this.burst,
          suffix,
          durationMs: time - this.burstStart,
          keys: this.burstKeys,
        })
        this.clearBurst()
        if (this.options.suffix === 'auto') this.expectSuffix = true
      } else {
        this.demoteBurst()
        this.emitTyped(out)
      }
    } else {
      this.demoteBurst()
      this.lastBreakTime = time
    }
    this.lastKeyTime = time
    return out
  }

  /**
   * Call when no key came for a while (a timer of endSilenceMs): ends a suffix-less burst, and reports
   * what was typed. `now` is on the keys' clock; a call made before the silence is long enough (a
   * timer that should have been cleared) does nothing. A `now` earlier than the last key means another
   * clock (jsdom stamps events with Date.now(), performance.now() counts from the page load): the
   * caller is trusted that the silence has come. With a suffix expected (rule 5) the current burst is
   * left for its next key to decide: the timer's clock cannot tell a stall from a real silence.
   */
  flush(now: number): WedgeVerdict[] {
    if (this.lastKeyTime === null) return []
    const elapsed = now - this.lastKeyTime
    if (elapsed >= 0 && !this.isSilence(elapsed)) return []
    const out: WedgeVerdict[] = []
    if (!this.expectSuffix) this.endBySilence(out)
    this.emitTyped(out)
    return out
  }

  /**
   * The input is over (a recorded trace ends; the field is left): a burst still waiting for its
   * suffix (rule 5) is typing, and everything typed is reported.
   */
  release(): WedgeVerdict[] {
    const out: WedgeVerdict[] = []
    this.demoteBurst()
    this.emitTyped(out)
    return out
  }

  /**
   * Whether the keys seen so far look like an ongoing burst (to let a caller hold them back from a
   * field): at least two characters, all within maxGapMs, with no suffix, breaking key or end silence
   * since (nor one just before). One character cannot be told from a keystroke yet.
   */
  get inBurst(): boolean {
    return this.burstKeys >= 2 && !this.burstTainted
  }

  /** Forgets the keys; what was learnt about the scanner (rule 5) is a fact of the device and stays. */
  reset(): void {
    this.typed = ''
    this.clearBurst()
    this.lastKeyTime = null
    this.lastBreakTime = null
  }

  private isSilence(gap: number): boolean {
    return gap > this.options.maxGapMs && gap >= this.options.endSilenceMs
  }

  private isScanLength(): boolean {
    return this.burstKeys >= this.options.minLength && !this.burstTainted
  }

  private endBySilence(out: WedgeVerdict[]): void {
    if (this.isScanLength() && !this.expectSuffix) {
      this.emitTyped(out)
      out.push({
        type: 'scan',
        text: this.burst,
        suffix: null,
        durationMs: this.lastCharTime - this.burstStart,
        keys: this.burstKeys,
      })
      this.clearBurst()
    } else {
      this.demoteBurst()
    }
  }

  /** The current burst will never be a scan: its characters are typing. */
  private demoteBurst(): void {
    this.typed += this.burst
    this.clearBurst()
  }

  private clearBurst(): void {
    this.burst = ''
    this.burstKeys = 0
    this.burstTainted = false
  }

  private emitTyped(out: WedgeVerdict[]): void {
    if (this.typed !== '') out.push({ type: 'typing', text: this.typed })
    this.typed = ''
  }
}

/** Classifies a whole recorded trace: push every key, flush after the end silence, then release. */
export function classifyTrace(keys: WedgeKey[], options?: Partial<WedgeOptions>): WedgeVerdict[] {
  const detector = new WedgeDetector(options)
  const out = keys.flatMap((key) => detector.push(key))
  const last = keys.at(-1)
  if (last) {
    const { endSilenceMs, maxGapMs } = detector.options
    out.push(...detector.flush(last.time + Math.max(endSilenceMs, maxGapMs) + 1), ...detector.release())
  }
  return out
}
