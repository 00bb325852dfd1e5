/** EAN-13 check digit (GS1 mod 10: weights 1 and 3 alternating from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got "${first12}"`)
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])
}

/** 376 is a French GS1 prefix; then shop number (2 digits) and a product counter (6 digits). */
export function demoEan13(shopNumber: number, counter: number): string {
  const first12 = `3760${String(shopNumber).padStart(2, '0')}${String(counter).padStart(6, '0')}`
  return first12 + String(ean13CheckDigit(first12))
}
