/**
 * Keyboard-wedge settings, per device (a handheld's scanner and a desk's USB scanner differ): set on
 * the scanner diagnostics screen, kept in localStorage.
 */
import {
  DEFAULT_WEDGE_OPTIONS,
  WEDGE_SUFFIX_MODES,
  type WedgeDetector,
  type WedgeKey,
  type WedgeOptions,
  type WedgeVerdict,
} from './model/wedge.ts'

export const WEDGE_OPTIONS_KEY = 'scan-wedge-options'

/**
 * A device starts by learning whether its scanner sends Enter/Tab ('auto'): once it has, the
 * end-of-burst silence can no longer cut one of its codes in two when the page stalls (wedge.ts, rule 5).
 */
export const DEFAULT_DEVICE_WEDGE_OPTIONS: Readonly<WedgeOptions> = Object.freeze({
  ...DEFAULT_WEDGE_OPTIONS,
  suffix: 'auto',
})

const TIMINGS = ['maxGapMs', 'minLength', 'endSilenceMs'] as const

/** The settings of this device; a missing or wrong field (an older version, a hand edit) takes its default. */
export function getWedgeOptions(): WedgeOptions {
  const options: WedgeOptions = { ...DEFAULT_DEVICE_WEDGE_OPTIONS }
  let stored: unknown = null
  try {
    stored = JSON.parse(localStorage.getItem(WEDGE_OPTIONS_KEY) ?? 'null')
  } catch {
    return options // corrupt JSON, or storage disabled: the defaults apply
  }
  if (!stored || typeof stored !== 'object') return options
  const record = stored as Record<string, unknown>
  for (const name of TIMINGS) {
    const value = record[name]
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) options[name] = value
  }
  options.suffix = WEDGE_SUFFIX_MODES.find((mode) => mode === record.suffix) ?? options.suffix
  return options
}

export function setWedgeOptions(options: Partial<WedgeOptions>): WedgeOptions {
  const next = { ...getWedgeOptions(), ...options }
  try {
    localStorage.setItem(WEDGE_OPTIONS_KEY, JSON.stringify(next))
  } catch {
    // Storage full or disabled: the change holds for the detectors made from `next`, not after a reload.
  }
  return next
}

/**
 * Feeds one key to a detector and, when that key taught it that the scanner sends a suffix, keeps it
 * for the device ('auto' becomes 'enter', so detectors made later, in any screen, expect it at once).
 * The storage is read only then: never on an ordinary key of a burst.
 */
export function pushWedgeKey(detector: WedgeDetector, key: WedgeKey): WedgeVerdict[] {
  const knew = detector.suffixExpected
  const verdicts = detector.push(key)
  if (!knew && detector.suffixExpected && getWedgeOptions().suffix === 'auto')
    setWedgeOptions({ suffix: 'enter' })
  return verdicts
}
