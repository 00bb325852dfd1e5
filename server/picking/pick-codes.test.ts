import { describe, expect, it } from 'vitest'
import { readScannedCode } from './pick-codes.ts'

// 3760012345670: a valid EAN-13 (check digit 0); its GTIN-14 is 03760012345670.
const EAN = '3760012345670'

describe('readScannedCode', () => {
  it('finds the EAN-13 in a GTIN-14 and in GS1 element strings', () => {
    for (const code of [
      `0${EAN}`,
      `(01)0${EAN}(10)LOT42`,
      `]C1010${EAN}10LOT42`,
      `\u001d010${EAN}10LOT42`,
      `(02)0${EAN}`,
    ]) {
      expect(readScannedCode(code).productKeys, code).toContain(EAN)
    }
    // A UPC-A is the EAN-13 with a leading 0.
    expect(readScannedCode('036000291452').productKeys).toContain('0036000291452')
  })

  it('never reads a SKU or a run of digits with a wrong check digit as a GTIN', () => {
    expect(readScannedCode('ml-0001').productKeys).toEqual(['ml-0001', 'ML-0001'])
    expect(readScannedCode(`010${EAN.slice(0, -1)}9XYZ`).productKeys).not.toContain(EAN)
    expect(readScannedCode('a-01-02-03').locationName).toBe('A-01-02-03')
  })

  it('knows the command barcodes', () => {
    expect(readScannedCode('CMD-PASSER').command).toBe('skip')
    expect(readScannedCode(' cmd-manquant ').command).toBe('short')
    expect(readScannedCode('CMD-CLOTURER').command).toBe('close')
    expect(readScannedCode('ML-0001').command).toBeUndefined()
  })
})
