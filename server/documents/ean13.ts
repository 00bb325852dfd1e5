/**
 * EAN-13 (GS1) bars for product labels: start guard, six left digits in L or G code as the first
 * digit dictates, centre guard, six right digits in R code, end guard: 95 modules.
 */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
]
/** R is L with every module inverted; G is R read backwards. */
const R_CODES = L_CODES.map((code) => code.replace(/[01]/g, (m) => (m === '0' ? '1' : '0')))
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''))
/** Parity of the six left digits for each first digit: that is how the first digit is carried. */
const PARITIES = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
]

export const EAN13_MODULES = 95
/** Module ranges of the guard bars, drawn longer than the others. */
export const EAN13_GUARDS: readonly [number, number][] = [
  [0, 3],
  [45, 5],
  [92, 3],
]

export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new RangeError(`EAN-13 needs 13 digits, got "${code}"`)
  const digits = [...code].map(Number)
  const parity = PARITIES[digits[0] as number] as string
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'L' ? L_CODES : G_CODES)[d] as string)
  const right = digits.slice(7).map((d) => R_CODES[d] as string)
  return `101${left.join('')}01010${right.join('')}101`
}
