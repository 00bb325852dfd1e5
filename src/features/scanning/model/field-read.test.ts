import { describe, expect, it } from 'vitest'
import { FieldKeys, FIELD_PAUSE_MS, readAtEnter } from './field-read.ts'
import { GS } from './gs1.ts'
import { WedgeDetector, type WedgeVerdict } from './wedge.ts'

/** Keys at the given times into a FieldKeys and the device's detector ('enter' learnt), as the field does. */
function field(keys: [string, number][]) {
  const detector = new WedgeDetector({ suffix: 'enter' })
  const fieldKeys = new FieldKeys()
  let value = ''
  let verdicts: WedgeVerdict[] = []
  for (const [key, time] of keys) {
    fieldKeys.key(key, time)
    verdicts = detector.push({ key, time })
    if (key.length === 1) value += key
  }
  const scan = verdicts.find((v) => v.type === 'scan')
  return readAtEnter(value, scan ? scan.text : null, fieldKeys.whole)
}

/** A scanner's keys 5 ms apart from `start`, with a stall of `stallMs` after the `at`-th character. */
function stalled(code: string, at: number, stallMs: number, start = 0): [string, number][] {
  const keys = [...code, 'Enter'].map((key, i): [string, number] => [
    key,
    start + i * 5 + (i >= at ? stallMs : 0),
  ])
  return keys
}

describe('readAtEnter: the focused field at Enter', () => {
  it('reads the whole code when a busy device delivered the keys with long gaps', () => {
    // '37600' · 300 ms · '10000823': the burst alone is the tail, the field holds the code.
    expect(field(stalled('3760010000823', 5, 300))).toEqual({ text: '3760010000823', source: 'wedge' })
    expect(field(stalled('E-06-04-03', 6, 80))).toEqual({ text: 'E-06-04-03', source: 'wedge' })
    expect(field(stalled('CAISSE-0042', 2, 600))).toEqual({ text: 'CAISSE-0042', source: 'wedge' })
  })

  it('reads the code when a tail too short to be a burst came after the gap', () => {
    expect(field(stalled('3760010000823', 12, 300))).toEqual({ text: '3760010000823', source: 'manual' })
  })

  it('reads a scan without gaps as the burst it is', () => {
    expect(field(stalled('3760010000014', 0, 0))).toEqual({ text: '3760010000014', source: 'wedge' })
  })

  it("does not join a person's leftovers, typed before a pause, to the scan", () => {
    const keys: [string, number][] = [
      ['A', 0],
      ['B', 150],
      ...stalled('E-06-04-03', 0, 0, 150 + FIELD_PAUSE_MS + 1),
    ]
    expect(field(keys)).toEqual({ text: 'E-06-04-03', source: 'wedge' })
  })

  it('does not join leftovers to a code whose check digit is right, however soon the scan came', () => {
    const keys: [string, number][] = [['A', 0], ['B', 70], ...stalled('3760010000014', 0, 0, 140)]
    expect(field(keys)).toEqual({ text: '3760010000014', source: 'wedge' })
  })

  it('reads the burst after an edit (Backspace) in the field', () => {
    const keys: [string, number][] = [['X', 0], ['Backspace', 100], ...stalled('E-06-04-03', 6, 80, 200)]
    expect(field(keys)).toEqual({ text: '4-03', source: 'wedge' })
  })

  it('keeps the GS separator of a burst that is the whole field', () => {
    expect(readAtEnter('0103760010000014' + '10LOT', `0103760010000014${GS}10LOT`, true)).toEqual({
      text: `0103760010000014${GS}10LOT`,
      source: 'wedge',
    })
  })

  it('reads what was typed by hand, with no burst', () => {
    expect(readAtEnter('A-01', null, true)).toEqual({ text: 'A-01', source: 'manual' })
  })
})

describe('FieldKeys', () => {
  it('is whole again once the field is emptied', () => {
    const keys = new FieldKeys()
    keys.key('a', 0)
    keys.key('Backspace', 10)
    expect(keys.whole).toBe(false)
    keys.clear()
    keys.key('b', 5000)
    keys.key('c', 5900)
    expect(keys.whole).toBe(true)
    keys.key('d', 5900 + FIELD_PAUSE_MS + 1)
    expect(keys.whole).toBe(false)
  })

  it('ignores Shift and other keys a scanner presses for capitals', () => {
    const keys = new FieldKeys()
    keys.key('a', 0)
    keys.key('Shift', 3000)
    keys.key('B', 10)
    expect(keys.whole).toBe(true)
  })
})
