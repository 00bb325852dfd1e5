/**
 * Code 128 (ISO/IEC 15417) encoding: code set B for text, code set C for runs of digits long enough
 * to shorten the symbol (box numbers), modulo 103 check symbol, stop pattern. Answers modules ('1'
 * bar, '0' space) without quiet zones.
 *
 * Here rather than in server/documents because both sides draw the same symbols: the server on its
 * labels and PDFs (server/documents/code128.ts), the app on screen (the shipment screen's command
 * barcodes), and a pure encoder imports nothing.
 */
/** Bar/space widths of symbol values 0..106 (106 = stop, 7 elements), from the standard's table. */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ' +
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ' +
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ' +
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ' +
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ' +
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ' +
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ' +
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ' +
  '211214 211232 2331112'
).split(' ')

const START_B = 104
const START_C = 105
const CODE_B = 100 // in set C: switch to B
const CODE_C = 99 // in set B: switch to C
const STOP = 106

/** Widths of one symbol value (exported for the tests, which check the table's invariants). */
export function code128Pattern(value: number): string {
  const pattern = PATTERNS[value]
  if (pattern === undefined) throw new RangeError(`No Code 128 symbol ${value}`)
  return pattern
}

/** Set B covers printable ASCII (space to DEL); other characters cannot be printed. */
export const isCode128Text = (text: string) => text.length > 0 && /^[\x20-\x7f]+$/.test(text)

const digitRun = (text: string, from: number) => {
  let end = from
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++
  return end - from
}

/** Symbol values: start, data, check symbol, stop. */
export function code128Values(text: string): number[] {
  if (!isCode128Text(text)) throw new RangeError(`Not encodable in Code 128 set B: "${text}"`)
  const values: number[] = []
  let set: 'B' | 'C' | null = null
  const use = (next: 'B' | 'C') => {
    if (set === next) return
    values.push(set === null ? (next === 'B' ? START_B : START_C) : next === 'B' ? CODE_B : CODE_C)
    set = next
  }
  for (let i = 0; i < text.length;) {
    let run = digitRun(text, i)
    // Set C halves the width of digits but costs a switch: worth it from 4 digits at either end
    // of the text, from 6 in the middle.
    const worth = run >= (i === 0 || i + run === text.length ? 4 : 6)
    if (worth && run % 2 === 1) {
      use('B') // the odd digit first, so the rest pairs up
      values.push(text.charCodeAt(i) - 32)
      i++
      run--
    }
    if (worth) {
      use('C')
      for (const end = i + run; i < end; i += 2) values.push(Number(text.slice(i, i + 2)))
    } else {
      use('B')
      values.push(text.charCodeAt(i) - 32)
      i++
    }
  }
  const check = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103
  return [...values, check, STOP]
}

/** '1' = bar module, '0' = space module; bars and spaces alternate, starting with a bar. */
export function code128Modules(text: string): string {
  return code128Values(text)
    .map((value) =>
      [...code128Pattern(value)].map((width, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(width))).join(''),
    )
    .join('')
}

/** Runs of bar modules as [start, width], for drawing filled rectangles. */
export function barRuns(modules: string): [number, number][] {
  const runs: [number, number][] = []
  for (const match of modules.matchAll(/1+/g)) runs.push([match.index, match[0].length])
  return runs
}

/** Code 128 needs 10 modules of white on each side to be read. */
export const QUIET_MODULES = 10
