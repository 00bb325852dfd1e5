import { describe, expect, it } from 'vitest'
import {
  classifyTrace,
  DEFAULT_WEDGE_OPTIONS,
  WedgeDetector,
  type WedgeKey,
  type WedgeVerdict,
} from './wedge.ts'

/** Keys from a string, `gap` ms apart, starting at `start`; `suffix` `gapToSuffix` ms after the last one. */
function keyed(
  text: string,
  gap: number,
  start = 1000,
  suffix?: 'Enter' | 'Tab',
  gapToSuffix = gap,
): WedgeKey[] {
  const keys = [...text].map((key, i) => ({ key, time: start + i * gap }))
  const last = keys.at(-1)?.time ?? start
  if (suffix) keys.push({ key: suffix, time: last + gapToSuffix })
  return keys
}

/** Keys with explicit gaps: [key, ms since the previous key]. */
function trace(steps: [string, number][], start = 1000): WedgeKey[] {
  let time = start
  return steps.map(([key, gap]) => ({ key, time: (time += gap) }))
}

const scan = (text: string, suffix: 'Enter' | 'Tab' | null) =>
  expect.objectContaining({ type: 'scan', text, suffix })

describe('WedgeDetector: rules', () => {
  it('reads a burst ending in Enter as one scan, with its duration and key count', () => {
    const verdicts = classifyTrace(keyed('3760010000014', 8, 1000, 'Enter', 10))
    expect(verdicts).toEqual([
      { type: 'scan', text: '3760010000014', suffix: 'Enter', durationMs: 106, keys: 13 },
    ])
  })

  it('reads a burst ending in Tab, and one with no suffix once the silence has come', () => {
    expect(classifyTrace(keyed('A-01-02-03', 5, 0, 'Tab'))).toEqual([scan('A-01-02-03', 'Tab')])
    const d = new WedgeDetector()
    for (const key of keyed('ML-0001', 5, 0)) expect(d.push(key)).toEqual([])
    expect(d.flush(30 + 100)).toEqual([
      { type: 'scan', text: 'ML-0001', suffix: null, durationMs: 30, keys: 7 },
    ])
    expect(d.flush(1000)).toEqual([])
  })

  it('takes exactly minLength characters as a scan, and minLength − 1 as typing', () => {
    expect(classifyTrace(keyed('abc', 10, 0, 'Enter'))).toEqual([scan('abc', 'Enter')])
    expect(classifyTrace(keyed('ab', 10, 0, 'Enter'))).toEqual([{ type: 'typing', text: 'ab' }])
    expect(classifyTrace(keyed('ab', 10, 0))).toEqual([{ type: 'typing', text: 'ab' }])
    expect(classifyTrace(keyed('abcde', 10, 0, 'Enter'), { minLength: 5 })).toEqual([scan('abcde', 'Enter')])
    expect(classifyTrace(keyed('abcd', 10, 0, 'Enter'), { minLength: 5 })).toEqual([
      { type: 'typing', text: 'abcd' },
    ])
  })

  it('counts a gap of exactly maxGapMs as fast, and 51 ms as a break', () => {
    expect(classifyTrace(keyed('4006381333931', 50, 0, 'Enter'))).toEqual([scan('4006381333931', 'Enter')])
    // One 51 ms gap in the middle: never one scan of the whole code.
    const broken = trace([
      ['A', 0],
      ['B', 10],
      ['C', 10],
      ['D', 10],
      ['E', 51],
      ['F', 10],
      ['G', 10],
      ['Enter', 10],
    ])
    const verdicts = classifyTrace(broken)
    expect(verdicts).not.toContainEqual(scan('ABCDEFG', 'Enter'))
    expect(verdicts).toEqual([{ type: 'typing', text: 'ABCD' }, scan('EFG', 'Enter')])
    // Near the end: the tail is too short to be a scan, all of it is typing.
    const late = trace([
      ['A', 0],
      ['B', 10],
      ['C', 10],
      ['D', 10],
      ['E', 51],
      ['Enter', 10],
    ])
    expect(classifyTrace(late)).toEqual([{ type: 'typing', text: 'ABCDE' }])
    // Without suffix too.
    const bare = trace([
      ['1', 0],
      ['2', 10],
      ['3', 10],
      ['4', 51],
      ['5', 10],
      ['6', 10],
    ])
    expect(classifyTrace(bare)).not.toContainEqual(scan('123456', null))
  })

  it('needs the suffix within maxGapMs of the last character', () => {
    expect(classifyTrace(keyed('4006381333931', 5, 0, 'Enter', 50))).toEqual([scan('4006381333931', 'Enter')])
    expect(classifyTrace(keyed('4006381333931', 5, 0, 'Enter', 60))).toEqual([
      { type: 'typing', text: '4006381333931' },
    ])
  })

  it('ignores Shift and other modifiers, for timing too', () => {
    const keys = trace([
      ['Shift', 0],
      ['M', 5],
      ['Shift', 40], // 45 ms after M …
      ['L', 5], // … 50 ms in all: still the burst
      ['-', 10],
      ['CapsLock', 3],
      ['0', 3],
      ['Unidentified', 1],
      ['1', 5],
      ['Enter', 5],
    ])
    expect(classifyTrace(keys)).toEqual([
      { type: 'scan', text: 'ML-01', suffix: 'Enter', durationMs: 72, keys: 5 },
    ])
    // A Shift does not bridge a slow gap either: M … (30) Shift … (30) L is 60 ms.
    const slow = trace([
      ['M', 0],
      ['Shift', 30],
      ['L', 30],
      ['-', 5],
      ['0', 5],
      ['Enter', 5],
    ])
    expect(classifyTrace(slow)).toEqual([{ type: 'typing', text: 'M' }, scan('L-0', 'Enter')])
    // Nor does it delay the end silence.
    const d = new WedgeDetector()
    for (const key of keyed('XYZ', 5, 0)) d.push(key)
    d.push({ key: 'Shift', time: 90 })
    expect(d.flush(111)).toEqual([scan('XYZ', null)])
  })

  it('treats Backspace or an arrow inside a burst as typing', () => {
    const bs = trace([
      ['a', 0],
      ['b', 10],
      ['c', 10],
      ['Backspace', 10],
      ['d', 10],
      ['e', 10],
      ['f', 10],
      ['Enter', 200],
    ])
    expect(classifyTrace(bs)).toEqual([{ type: 'typing', text: 'abcdef' }])
    const arrow = trace([
      ['a', 0],
      ['b', 10],
      ['ArrowLeft', 10],
      ['c', 10],
      ['Enter', 10],
    ])
    expect(classifyTrace(arrow)).toEqual([{ type: 'typing', text: 'abc' }])
    // A scan after the correction, once the hand is off the keys, is a scan again.
    const after = trace([
      ['a', 0],
      ['Backspace', 150],
      ['X', 60],
      ['Y', 5],
      ['Z', 5],
      ['Enter', 5],
    ])
    expect(classifyTrace(after)).toEqual([{ type: 'typing', text: 'a' }, scan('XYZ', 'Enter')])
  })

  it("keeps a person's slow typing and its Enter as typing", () => {
    expect(classifyTrace(keyed('abc', 120, 0, 'Enter'))).toEqual([{ type: 'typing', text: 'abc' }])
    expect(classifyTrace(keyed('abc', 120, 0))).toEqual([{ type: 'typing', text: 'abc' }])
    // A lone Enter (confirming a dialog) says nothing.
    expect(classifyTrace([{ key: 'Enter', time: 5 }])).toEqual([])
  })

  it('does not take a few fast keys at the start of slow typing for a burst', () => {
    const keys = trace([
      ['t', 0],
      ['h', 40],
      ['e', 150],
      [' ', 130],
      ['e', 160],
      ['n', 140],
      ['d', 120],
      ['Enter', 150],
    ])
    expect(classifyTrace(keys)).toEqual([{ type: 'typing', text: 'the end' }])
    // Three fast then a key 80 ms later (sooner than the end silence): still typing.
    const three = trace([
      ['t', 0],
      ['h', 30],
      ['e', 30],
      ['n', 80],
      ['Enter', 150],
    ])
    expect(classifyTrace(three)).toEqual([{ type: 'typing', text: 'then' }])
  })

  it('separates typing from a scan that follows it, in the order of the keys', () => {
    const keys = [...keyed('ab', 150, 0), ...keyed('4006381333931', 6, 150 + 90, 'Enter')]
    expect(classifyTrace(keys)).toEqual([{ type: 'typing', text: 'ab' }, scan('4006381333931', 'Enter')])
    const bare = [...keyed('ab', 150, 0), ...keyed('ML-0001', 6, 150 + 90)]
    expect(classifyTrace(bare)).toEqual([{ type: 'typing', text: 'ab' }, scan('ML-0001', null)])
    // And a suffix-less scan followed by typing, noticed by the next key without any flush.
    const d = new WedgeDetector()
    const out = [...keyed('ML-0001', 5, 0), ...keyed('xy', 150, 300, 'Enter')].flatMap((k) => d.push(k))
    expect(out).toEqual([scan('ML-0001', null), { type: 'typing', text: 'xy' }])
  })

  it('reads back-to-back scans, each ended by its suffix', () => {
    const keys = [...keyed('1111111', 4, 0, 'Enter', 4), ...keyed('2222222', 4, 30, 'Tab', 4)]
    expect(classifyTrace(keys)).toEqual([scan('1111111', 'Enter'), scan('2222222', 'Tab')])
  })

  it('respects changed options', () => {
    const at40 = keyed('4006381333931', 40, 0, 'Enter', 20)
    expect(classifyTrace(at40)).toEqual([scan('4006381333931', 'Enter')])
    expect(classifyTrace(at40, { maxGapMs: 30 })).toEqual([{ type: 'typing', text: '4006381333931' }])
    expect(classifyTrace(keyed('4006381333931', 25, 0, 'Enter'), { maxGapMs: 30 })).toEqual([
      scan('4006381333931', 'Enter'),
    ])
    // endSilenceMs: a key 150 ms after a suffix-less burst ends it as a scan by default, not with 200.
    const bare = [...keyed('ML-0001', 5, 0), { key: 'x', time: 30 + 150 }, { key: 'Enter', time: 30 + 300 }]
    expect(classifyTrace(bare)).toEqual([scan('ML-0001', null), { type: 'typing', text: 'x' }])
    expect(classifyTrace(bare, { endSilenceMs: 200 })).toEqual([{ type: 'typing', text: 'ML-0001x' }])
    expect(new WedgeDetector({ maxGapMs: 30 }).options).toEqual({ ...DEFAULT_WEDGE_OPTIONS, maxGapMs: 30 })
    // An end silence shorter than the gap allowed inside a burst cannot cut the burst short.
    const slowScanner = keyed('4006381333931', 60, 0, 'Enter', 60)
    expect(classifyTrace(slowScanner, { maxGapMs: 80, endSilenceMs: 50 })).toEqual([
      scan('4006381333931', 'Enter'),
    ])
    expect(classifyTrace(keyed('ML-0001', 60, 0), { maxGapMs: 80, endSilenceMs: 50 })).toEqual([
      scan('ML-0001', null),
    ])
  })

  it('ignores a flush that comes before the end silence, but trusts one from another clock', () => {
    const d = new WedgeDetector()
    for (const key of keyed('ML-0001', 5, 1000)) d.push(key)
    expect(d.flush(1030 + 60)).toEqual([]) // a stale timer: the burst may still go on
    expect(d.push({ key: '2', time: 1030 + 70 })).toEqual([])
    expect(d.flush(1100 + 100)).toEqual([{ type: 'typing', text: 'ML-00012' }])

    const jsdom = new WedgeDetector() // event.timeStamp from Date.now(), flush from performance.now()
    for (const key of keyed('ML-0001', 5, 1_700_000_000_000)) jsdom.push(key)
    expect(jsdom.flush(2500)).toEqual([scan('ML-0001', null)])
  })

  it('says when the keys look like an ongoing burst, and forgets everything on reset', () => {
    const d = new WedgeDetector()
    expect(d.inBurst).toBe(false)
    d.push({ key: 'a', time: 0 })
    expect(d.inBurst).toBe(false)
    d.push({ key: 'b', time: 10 })
    expect(d.inBurst).toBe(true)
    d.push({ key: 'Shift', time: 15 })
    expect(d.inBurst).toBe(true)
    d.push({ key: 'Backspace', time: 20 })
    expect(d.inBurst).toBe(false)
    d.push({ key: 'c', time: 200 })
    d.push({ key: 'd', time: 205 })
    d.push({ key: 'e', time: 210 })
    expect(d.inBurst).toBe(true)
    d.reset()
    expect(d.inBurst).toBe(false)
    expect(d.flush(10_000)).toEqual([])
    expect(d.push({ key: 'Enter', time: 215 })).toEqual([]) // the burst before reset is gone
  })
})

// ---------------------------------------------------------------------------------------------------
// Generated traces: wedge bursts and human typing, all through one detector.

/** mulberry32: a small seeded PRNG, so a failure replays from its seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PRINTABLE = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)),
  'é',
  'è',
  'à',
  'ç',
  '§',
  '\u001d', // GS, as some wedge scanners send FNC1
]
const TYPED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -éà'

interface Generated {
  kind: 'burst' | 'human'
  keys: WedgeKey[]
  /** Printable characters in order. */
  text: string
  suffix: 'Enter' | 'Tab' | null
  end: number
}

/**
 * Times are multiples of 1/8 ms, exact in binary floating point, so a gap meant to be 50 ms is not
 * 50.000000000007 once subtracted back.
 */
const eighths = (rng: () => number, min: number, max: number) =>
  (min * 8 + Math.floor(rng() * ((max - min) * 8 + 1))) / 8

function burst(rng: () => number, start: number): Generated {
  const length = 3 + Math.floor(rng() * 38) // 3–40
  const keys: WedgeKey[] = []
  let time = start
  let text = ''
  for (let i = 0; i < length; i++) {
    const char = PRINTABLE[Math.floor(rng() * PRINTABLE.length)] ?? 'x'
    const gap = i === 0 ? 0 : eighths(rng, 0, 50)
    // Capitals come with a Shift somewhere inside the gap, as a wedge scanner sends them.
    if (char >= 'A' && char <= 'Z' && rng() < 0.8) keys.push({ key: 'Shift', time: time + gap * rng() })
    time += gap
    keys.push({ key: char, time })
    text += char
  }
  const r = rng()
  const suffix = r < 0.5 ? 'Enter' : r < 0.75 ? 'Tab' : null
  if (suffix) keys.push({ key: suffix, time: (time += eighths(rng, 0, 50)) })
  return { kind: 'burst', keys, text, suffix, end: time }
}

function human(rng: () => number, start: number): Generated {
  const length = 1 + Math.floor(rng() * 15)
  const keys: WedgeKey[] = []
  let time = start
  let text = ''
  for (let i = 0; i < length; i++) {
    if (i > 0) time += eighths(rng, 70, 400)
    const r = rng()
    if (r < 0.12 && i > 0) keys.push({ key: 'Backspace', time })
    else if (r < 0.15 && i > 0) keys.push({ key: rng() < 0.5 ? 'ArrowLeft' : 'ArrowRight', time })
    else {
      const char = TYPED[Math.floor(rng() * TYPED.length)] ?? 'x'
      if (char >= 'A' && char <= 'Z') keys.push({ key: 'Shift', time: time - 20 - rng() * 40 })
      keys.push({ key: char, time })
      text += char
    }
  }
  const suffix = rng() < 0.5 ? 'Enter' : null
  if (suffix) keys.push({ key: suffix, time: (time += eighths(rng, 70, 400)) })
  return { kind: 'human', keys, text, suffix, end: time }
}

/** 1,000 bursts and 1,000 human traces in a shuffled order, more than 200 ms apart. */
function generate(seed: number, count = 1000): Generated[] {
  const rng = mulberry32(seed)
  const kinds: ('burst' | 'human')[] = [
    ...Array<'burst'>(count).fill('burst'),
    ...Array<'human'>(count).fill('human'),
  ]
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[kinds[i], kinds[j]] = [kinds[j] ?? 'burst', kinds[i] ?? 'burst']
  }
  const traces: Generated[] = []
  let time = 10_000
  for (const kind of kinds) {
    const start = time + eighths(rng, 200.125, 1500)
    const generated = kind === 'burst' ? burst(rng, start) : human(rng, start)
    traces.push(generated)
    time = generated.end
  }
  return traces
}

const SEEDS = [1, 0x5ca11ed, 20_250_601]
const describeTrace = (seed: number, i: number, t: Generated) =>
  `seed ${seed}, trace #${i} (${t.kind}, ${JSON.stringify(t.text)}, suffix ${t.suffix}): ${JSON.stringify(t.keys)}`

describe('WedgeDetector: generated traces', () => {
  it('generates what it claims', () => {
    const traces = generate(SEEDS[0] ?? 1)
    expect(traces.filter((t) => t.kind === 'burst')).toHaveLength(1000)
    expect(traces.filter((t) => t.kind === 'human')).toHaveLength(1000)
    const bursts = traces.filter((t) => t.kind === 'burst')
    expect(bursts.filter((t) => t.suffix === 'Enter').length).toBeGreaterThan(400)
    expect(bursts.filter((t) => t.suffix === 'Tab').length).toBeGreaterThan(180)
    expect(bursts.filter((t) => t.suffix === null).length).toBeGreaterThan(180)
    expect(traces.some((t) => t.kind === 'human' && t.keys.some((k) => k.key === 'Backspace'))).toBe(true)
    expect(traces.some((t) => t.kind === 'human' && t.suffix === 'Enter')).toBe(true)
    expect(traces.some((t) => t.kind === 'human' && t.suffix === null)).toBe(true)
    expect(Math.min(...bursts.map((t) => [...t.text].length))).toBe(3)
    expect(Math.max(...bursts.map((t) => [...t.text].length))).toBe(40)
  })

  it.each(SEEDS)('classifies every trace right with a silence timer, as the app does (seed %i)', (seed) => {
    const traces = generate(seed)
    const detector = new WedgeDetector()
    const { endSilenceMs } = detector.options
    let misclassified = 0
    const failures: string[] = []
    traces.forEach((t, i) => {
      const verdicts: WedgeVerdict[] = []
      let timer: number | null = null // the app's timer: re-armed after every key, flush when it fires
      for (const key of t.keys) {
        if (timer !== null && timer <= key.time) verdicts.push(...detector.flush(timer))
        verdicts.push(...detector.push(key))
        timer = key.time + endSilenceMs + 1
      }
      if (timer !== null) verdicts.push(...detector.flush(timer)) // fires in the silence before the next trace
      const scans = verdicts.filter((v) => v.type === 'scan')
      const typed = verdicts.flatMap((v) => (v.type === 'typing' ? [v.text] : [])).join('')
      const ok =
        t.kind === 'burst'
          ? verdicts.length === 1 && scans[0]?.text === t.text && scans[0].suffix === t.suffix
          : scans.length === 0 && typed === t.text
      if (!ok) {
        misclassified++
        if (failures.length < 3) failures.push(`${describeTrace(seed, i, t)} → ${JSON.stringify(verdicts)}`)
      }
    })
    expect(misclassified, `seed ${seed}: ${misclassified} misclassified\n${failures.join('\n')}`).toBe(0)
  })

  it.each(SEEDS)('classifies the whole sequence right with no timer at all (seed %i)', (seed) => {
    const traces = generate(seed)
    const verdicts = classifyTrace(traces.flatMap((t) => t.keys))
    const scans = verdicts.flatMap((v) => (v.type === 'scan' ? [`${v.suffix}:${v.text}`] : []))
    const typed = verdicts.flatMap((v) => (v.type === 'typing' ? [v.text] : [])).join('')
    const bursts = traces.filter((t) => t.kind === 'burst').map((t) => `${t.suffix}:${t.text}`)
    const humanText = traces.flatMap((t) => (t.kind === 'human' ? [t.text] : [])).join('')
    const firstWrong = scans.findIndex((s, i) => s !== bursts[i])
    expect(
      firstWrong,
      `seed ${seed}: scan #${firstWrong} is ${scans[firstWrong]}, expected ${bursts[firstWrong]}`,
    ).toBe(-1)
    expect(scans.length, `seed ${seed}: scan count`).toBe(bursts.length)
    expect(typed === humanText, `seed ${seed}: typing text differs from what people typed`).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------------
// Rule 5: a scanner that sends Enter/Tab, and the page stalling mid-burst (issue 11, item 4).

/** The timer of a stalled page: it runs long after the last key dispatched, the rest still queued. */
const STALLED = 2000

describe('WedgeDetector: a scanner that sends a suffix (rule 5)', () => {
  it('keeps a burst whole when the silence timer runs in a stall mid-burst, and its Enter makes one scan', () => {
    // 'Destination : 00021', then '01' (issue 11): the keys 8 ms apart on their own clock.
    const keys = keyed('0002101', 8, 1000, 'Enter')
    const d = new WedgeDetector({ suffix: 'enter' })
    for (const key of keys.slice(0, 5)) expect(d.push(key)).toEqual([])
    expect(d.flush(1032 + STALLED)).toEqual([]) // stalled: '01' and Enter are not dispatched yet
    expect(d.push(keys[5] as WedgeKey)).toEqual([])
    expect(d.push(keys[6] as WedgeKey)).toEqual([])
    expect(d.push(keys[7] as WedgeKey)).toEqual([
      { type: 'scan', text: '0002101', suffix: 'Enter', durationMs: 56, keys: 7 },
    ])
    expect(d.flush(1056 + STALLED)).toEqual([])
    // Without the rule ('none'), the same stall cuts the code in two: what the floor saw.
    const none = new WedgeDetector({ suffix: 'none' })
    const split = [...keys.slice(0, 5).flatMap((k) => none.push(k)), ...none.flush(1032 + STALLED)]
    expect(split).toEqual([scan('00021', null)])
  })

  it('keeps it whole whatever the key the stall comes after, the first one included, and with Tab', () => {
    const keys = keyed('A-01-02-03', 6, 500, 'Tab')
    for (let cut = 1; cut < keys.length - 1; cut++) {
      const d = new WedgeDetector({ suffix: 'enter' })
      const out = keys.flatMap((key, i) => [
        ...d.push(key),
        ...(i === cut - 1 ? d.flush(key.time + STALLED) : []),
      ])
      expect(out, `stall after key #${cut}`).toEqual([scan('A-01-02-03', 'Tab')])
    }
    // Stalls after several keys of the same burst.
    const d = new WedgeDetector({ suffix: 'enter' })
    const out = keys.flatMap((key) => [...d.push(key), ...d.flush(key.time + STALLED)])
    expect(out).toEqual([scan('A-01-02-03', 'Tab')])
  })

  it('still judges the rest on the keys’ clock: a real gap after the stall is not bridged', () => {
    const d = new WedgeDetector({ suffix: 'enter' })
    const out = [
      ...keyed('00021', 8, 1000).flatMap((k) => d.push(k)),
      ...d.flush(1032 + STALLED),
      ...trace(
        [
          ['0', 60],
          ['1', 8],
          ['Enter', 8],
        ],
        1032,
      ).flatMap((k) => d.push(k)), // 60 ms: a break
    ]
    expect(out).toEqual([{ type: 'typing', text: '0002101' }]) // no scan: neither part had all its keys fast
    // An Enter too late after the resumed keys is typing too.
    const late = new WedgeDetector({ suffix: 'enter' })
    const keys = [...keyed('0002101', 8, 1000), { key: 'Enter', time: 1048 + 60 }]
    const verdicts = keys.flatMap((k, i) => [
      ...late.push(k),
      ...(i === 4 ? late.flush(k.time + STALLED) : []),
    ])
    expect(verdicts).toEqual([{ type: 'typing', text: '0002101' }])
  })

  it('never loses a burst that really ends without suffix: it is typing, before the next scan', () => {
    const d = new WedgeDetector({ suffix: 'enter' })
    const first = keyed('ML-0001', 5, 0)
    expect(first.flatMap((k) => d.push(k))).toEqual([])
    expect(d.flush(30 + 101)).toEqual([]) // not a scan, and not decided by the timer either
    expect(d.flush(30 + 5000)).toEqual([])
    const next = keyed('3760010000014', 5, 2000, 'Enter')
    expect(next.flatMap((k) => d.push(k))).toEqual([
      { type: 'typing', text: 'ML-0001' },
      scan('3760010000014', 'Enter'),
    ])
    // A person's Enter long after: the field's text is typing, sent as typed.
    const byHand = new WedgeDetector({ suffix: 'enter' })
    const keys = [...keyed('ML-0001', 5, 0), { key: 'Enter', time: 3000 }]
    expect(keys.flatMap((k) => byHand.push(k))).toEqual([{ type: 'typing', text: 'ML-0001' }])
    // The trace ends: release reports it.
    expect(classifyTrace(keyed('ML-0001', 5, 0), { suffix: 'enter' })).toEqual([
      { type: 'typing', text: 'ML-0001' },
    ])
    const held = new WedgeDetector({ suffix: 'enter' })
    keyed('ab', 150, 0).forEach((k) => held.push(k))
    keyed('XYZ', 5, 400).forEach((k) => held.push(k))
    expect(held.flush(10_000)).toEqual([{ type: 'typing', text: 'ab' }]) // typed before the burst: reported
    expect(held.release()).toEqual([{ type: 'typing', text: 'XYZ' }])
    expect(held.release()).toEqual([])
  })

  it("learns it ('auto'): suffix-less scans until the first scan with a suffix, then never the silence", () => {
    const d = new WedgeDetector({ suffix: 'auto' })
    expect(d.options.suffix).toBe('auto')
    expect(d.suffixExpected).toBe(false)
    const bare = keyed('ML-0001', 5, 0)
    expect([...bare.flatMap((k) => d.push(k)), ...d.flush(30 + 101)]).toEqual([scan('ML-0001', null)])
    // A person's Enter (too slow) teaches nothing, nor does a short fast burst.
    expect(
      [...keyed('abc', 120, 1000, 'Enter'), ...keyed('ab', 5, 2000, 'Enter')].flatMap((k) => d.push(k)),
    ).toEqual([
      { type: 'typing', text: 'abc' },
      { type: 'typing', text: 'ab' },
    ])
    expect(d.suffixExpected).toBe(false)
    expect(keyed('3760010000014', 5, 3000, 'Enter').flatMap((k) => d.push(k))).toEqual([
      scan('3760010000014', 'Enter'),
    ])
    expect(d.suffixExpected).toBe(true)
    // From now on the stall case holds, and a burst without suffix is typing.
    const keys = keyed('0002101', 8, 4000, 'Enter')
    const out = keys.flatMap((k, i) => [...d.push(k), ...(i === 4 ? d.flush(k.time + STALLED) : [])])
    expect(out).toEqual([scan('0002101', 'Enter')])
    expect([
      ...bare.map((k) => ({ ...k, time: k.time + 5000 })).flatMap((k) => d.push(k)),
      ...d.flush(5030 + 101),
    ]).toEqual([])
    expect(d.release()).toEqual([{ type: 'typing', text: 'ML-0001' }])
    d.reset()
    expect(d.suffixExpected).toBe(true) // a fact of the device, not of the keys
  })

  it("never learns with 'none', expects it from the start with 'enter', and takes 'auto' only when valid", () => {
    const none = new WedgeDetector({ suffix: 'none' })
    keyed('3760010000014', 5, 0, 'Enter').forEach((k) => none.push(k))
    expect(none.suffixExpected).toBe(false)
    expect(classifyTrace([...keyed('3760010000014', 5, 0, 'Enter'), ...keyed('ML-0001', 5, 500)])).toEqual([
      scan('3760010000014', 'Enter'),
      scan('ML-0001', null),
    ])
    expect(new WedgeDetector({ suffix: 'enter' }).suffixExpected).toBe(true)
    expect(new WedgeDetector().options.suffix).toBe('none')
    expect(new WedgeDetector({ suffix: 'sometimes' as never }).options.suffix).toBe('none')
  })
})

/** The app's timer (re-armed after every key), and now and then a stalled one mid-burst. */
function runWithStalls(detector: WedgeDetector, keys: WedgeKey[], rng: () => number): WedgeVerdict[] {
  const out: WedgeVerdict[] = []
  let timer: number | null = null
  keys.forEach((key, i) => {
    if (timer !== null && timer <= key.time) out.push(...detector.flush(timer))
    out.push(...detector.push(key))
    timer = key.time + detector.options.endSilenceMs + 1
    const next = keys[i + 1]
    // A stall: the timer runs STALLED ms late, before the next key (typed a few ms later) is dispatched.
    if (next && next.time - key.time <= detector.options.maxGapMs && rng() < 0.1) {
      out.push(...detector.flush(timer + STALLED))
    }
  })
  if (timer !== null) out.push(...detector.flush(timer))
  return [...out, ...detector.release()]
}

describe('WedgeDetector: generated traces on a device whose scanner sends a suffix', () => {
  it.each(SEEDS)(
    'reads every suffixed burst whole through stalls, and loses no character (seed %i)',
    (seed) => {
      const traces = generate(seed)
      const rng = mulberry32(seed ^ 0x57a11)
      const verdicts = runWithStalls(
        new WedgeDetector({ suffix: 'enter' }),
        traces.flatMap((t) => t.keys),
        rng,
      )
      const scans = verdicts.flatMap((v) => (v.type === 'scan' ? [`${v.suffix}:${v.text}`] : []))
      const typed = verdicts.flatMap((v) => (v.type === 'typing' ? [v.text] : [])).join('')
      const suffixed = traces
        .filter((t) => t.kind === 'burst' && t.suffix)
        .map((t) => `${t.suffix}:${t.text}`)
      // Bursts without suffix are typing on such a device, in the order they came.
      const typing = traces.flatMap((t) => (t.kind === 'human' || !t.suffix ? [t.text] : [])).join('')
      const firstWrong = scans.findIndex((s, i) => s !== suffixed[i])
      expect(
        firstWrong,
        `seed ${seed}: scan #${firstWrong} is ${scans[firstWrong]}, expected ${suffixed[firstWrong]}`,
      ).toBe(-1)
      expect(scans.length, `seed ${seed}: scan count`).toBe(suffixed.length)
      expect(
        typed === typing,
        `seed ${seed}: typing text differs from the characters that were not scans`,
      ).toBe(true)
    },
  )

  it('would split bursts without rule 5: the stalls of this generator do hit bursts', () => {
    const traces = generate(SEEDS[0] ?? 1)
    const keys = traces.flatMap((t) => (t.kind === 'burst' && t.suffix ? t.keys : []))
    const verdicts = runWithStalls(new WedgeDetector({ suffix: 'none' }), keys, mulberry32(1))
    expect(verdicts.filter((v) => v.type === 'scan' && v.suffix === null).length).toBeGreaterThan(50)
  })
})
