/**
 * The check characters of the parcel numbers the simulated carriers issue, each as its owner
 * publishes it. They catch a mistyped or misread number before it reaches a carrier, so they must
 * be the carriers' own rules, not look-alikes: a number we accept here is one a carrier would too.
 */

const digitsOf = (text: string) => [...text].map(Number)

/**
 * UPU S10 (the 13-character "XX123456785FR" items, standard S10-12 §5): weights 8 6 4 2 3 5 9 7 on
 * the 8-digit serial, C = 11 − (sum mod 11), then 10 → 0 and 11 → 5.
 */
export function s10CheckDigit(serial8: string): number {
  if (!/^\d{8}$/.test(serial8)) throw new RangeError(`S10 serial needs 8 digits, got "${serial8}"`)
  const weights = [8, 6, 4, 2, 3, 5, 9, 7]
  const sum = digitsOf(serial8).reduce((s, d, i) => s + d * (weights[i] as number), 0)
  const c = 11 - (sum % 11)
  return c === 10 ? 0 : c === 11 ? 5 : c
}

/**
 * Weights 3 and 1 alternating from the rightmost digit (which weighs 3): the GS1/EAN family sum that
 * La Poste's Colissimo key and GLS's parcel number check are both built on.
 */
function weightedSum31(digits: string): number {
  return digitsOf(digits)
    .reverse()
    .reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0)
}

/**
 * Colissimo domestic parcel number key (ColiPoste label specification, as implemented by CPAN's
 * Business::Colissimo `control_key`): modulo 10 of the 10-digit number weighted 1 3 1 3 … 3 from
 * the left, i.e. 3 on the rightmost digit.
 */
export function colissimoKey(number10: string): number {
  if (!/^\d{10}$/.test(number10)) throw new RangeError(`Colissimo number needs 10 digits, got "${number10}"`)
  return (10 - (weightedSum31(number10) % 10)) % 10
}

/**
 * GLS parcel number check digit (GLS Uni-Box technical documentation 2D, V0110, §3.2.1): the 11
 * digits weighted 3 1 3 … 3, plus 1, then the difference to the next multiple of 10. The "+ 1" is
 * what sets it apart from the EAN rule.
 */
export function glsCheckDigit(number11: string): number {
  if (!/^\d{11}$/.test(number11)) throw new RangeError(`GLS number needs 11 digits, got "${number11}"`)
  return (10 - ((weightedSum31(number11) + 1) % 10)) % 10
}

const MOD37_36_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * ISO/IEC 7064 MOD 37,36 (hybrid system), as the DPD Parcel Label Specification uses it for the
 * check character of the parcel number and of the barcode: answers one of 0-9 A-Z.
 */
export function mod37_36(text: string): string {
  let p = 36
  for (const char of text) {
    const value = MOD37_36_ALPHABET.indexOf(char)
    if (value < 0) throw new RangeError(`Not in the MOD 37,36 alphabet: "${char}"`)
    p = (((p + value) % 36 || 36) * 2) % 37
  }
  return MOD37_36_ALPHABET[(37 - p) % 36] as string
}

/**
 * UPS "1Z" check character (the rule published with UPS's tracking number format, e.g. in
 * jkeen/tracking_number_data): letters become digits as (ASCII − 63) mod 10 (A = 2 … Z = 7), then
 * the 15 characters after "1Z" sum with weight 1 on odd positions and 2 on even ones, modulo 10.
 */
export function upsCheckDigit(body15: string): number {
  if (!/^[0-9A-Z]{15}$/.test(body15)) throw new RangeError(`UPS body needs 15 characters, got "${body15}"`)
  const sum = [...body15].reduce((s, char, i) => {
    const code = char.charCodeAt(0)
    const value = code <= 57 ? code - 48 : (code - 63) % 10
    return s + value * (i % 2 === 0 ? 1 : 2)
  }, 0)
  return (10 - (sum % 10)) % 10
}
