import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat'
import type BitMatrix from '@zxing/library/esm/core/common/BitMatrix'
import DataMatrixWriter from '@zxing/library/esm/core/datamatrix/DataMatrixWriter'
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType'
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader'
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader'
import QRCodeWriter from '@zxing/library/esm/core/qrcode/QRCodeWriter'
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SCAN_FORMATS } from './detector.ts'
import { createZxingDecoder } from './zxing-decoder.ts'

// Real decoding: codes drawn into pixels (quiet zones included), read by the reader stack the
// zxing detector uses. 2D codes come from zxing's writers; 1D codes from the encoders below (this
// zxing version has no 1D writer).

/** A grey image: 0 black, 255 white. */
interface Image {
  width: number
  height: number
  grey: Uint8ClampedArray
}

const PX = 3 // pixels per module

/** A 1D code from its modules ('1' bar, '0' space), with a 10-module quiet zone each side. */
function bars(modules: string, height = 60): Image {
  const row = `${'0'.repeat(10)}${modules}${'0'.repeat(10)}`
  const width = row.length * PX
  const grey = new Uint8ClampedArray(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) grey[y * width + x] = row[Math.floor(x / PX)] === '1' ? 0 : 255
  return { width, height, grey }
}

/** A 2D code from its matrix (one bit a module), with a 4-module quiet zone. */
function matrix(bits: BitMatrix): Image {
  const margin = 4
  const side = (n: number) => (n + 2 * margin) * PX
  const width = side(bits.getWidth())
  const height = side(bits.getHeight())
  const grey = new Uint8ClampedArray(width * height).fill(255)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(x / PX) - margin
      const my = Math.floor(y / PX) - margin
      const inside = mx >= 0 && my >= 0 && mx < bits.getWidth() && my < bits.getHeight()
      if (inside && bits.get(mx, my)) grey[y * width + x] = 0
    }
  return { width, height, grey }
}

const luminance = (image: Image) => new RGBLuminanceSource(image.grey, image.width, image.height)

// EAN: the L (odd) codes of the digits; R is their complement, G the reverse of R.
const EAN_L = '0001101 0011001 0010011 0111101 0100011 0110001 0101111 0111011 0110111 0001011'.split(' ')
const eanR = (d: number) => [...EAN_L[d]!].map((b) => (b === '1' ? '0' : '1')).join('')
const eanG = (d: number) => [...eanR(d)].reverse().join('')
/** The parity (L or G) of EAN-13's six left digits, by its first digit. */
const EAN13_PARITY = 'LLLLLL LLGLGG LLGGLG LLGGGL LGLLGG LGGLLG LGGGLL LGLGLG LGLGGL LGGLGL'.split(' ')

function ean13(code: string): Image {
  const [first, ...digits] = [...code].map(Number)
  const parity = EAN13_PARITY[first!]!
  const left = digits.slice(0, 6).map((d, i) => (parity[i] === 'L' ? EAN_L[d]! : eanG(d)))
  const right = digits.slice(6).map(eanR)
  return bars(`101${left.join('')}01010${right.join('')}101`)
}

function ean8(code: string): Image {
  const digits = [...code].map(Number)
  const left = digits.slice(0, 4).map((d) => EAN_L[d]!)
  const right = digits.slice(4).map(eanR)
  return bars(`101${left.join('')}01010${right.join('')}101`)
}

/** Code 128 in code set B, from the reader's own table of bar/space widths. */
function code128(text: string): Image {
  const patterns = (Code128Reader as unknown as { CODE_PATTERNS: ArrayLike<number>[] }).CODE_PATTERNS
  const values = [...text].map((c) => c.charCodeAt(0) - 32)
  const checksum = values.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103
  const modules = [104, ...values, checksum, 106]
    .flatMap((symbol) => Array.from(patterns[symbol]!, (width, i) => (i % 2 === 0 ? '1' : '0').repeat(width)))
    .join('')
  return bars(modules)
}

const qr = (text: string) => matrix(new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, new Map()))
const dataMatrix = (text: string) =>
  matrix(new DataMatrixWriter().encode(text, BarcodeFormat.DATA_MATRIX, 0, 0))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createZxingDecoder', () => {
  it('reads each warehouse format, named as the native detector names it', () => {
    const decoder = createZxingDecoder(SCAN_FORMATS)
    expect(decoder.decodeLuminance(luminance(ean13('3017620422003')))).toEqual({
      text: '3017620422003',
      format: 'ean_13',
    })
    expect(decoder.decodeLuminance(luminance(ean8('96385074')))).toEqual({
      text: '96385074',
      format: 'ean_8',
    })
    expect(decoder.decodeLuminance(luminance(code128('A-01-02-03')))).toEqual({
      text: 'A-01-02-03',
      format: 'code_128',
    })
    expect(decoder.decodeLuminance(luminance(qr('https://example.test/p/42')))).toEqual({
      text: 'https://example.test/p/42',
      format: 'qr_code',
    })
    expect(decoder.decodeLuminance(luminance(dataMatrix('LOT 2024-117')))).toEqual({
      text: 'LOT 2024-117',
      format: 'data_matrix',
    })
  })

  it('no code, or a code that does not check, is null', () => {
    const decoder = createZxingDecoder(SCAN_FORMATS)
    const blank = { width: 200, height: 120, grey: new Uint8ClampedArray(200 * 120).fill(255) }
    expect(decoder.decodeLuminance(luminance(blank))).toBeNull()
    // An EAN-13 whose check digit is wrong (…3 is right).
    expect(decoder.decodeLuminance(luminance(ean13('3017620422004')))).toBeNull()
  })

  it('looks only for the formats asked for', () => {
    const qrOnly = createZxingDecoder(['qr_code'])
    expect(qrOnly.decodeLuminance(luminance(ean13('3017620422003')))).toBeNull()
    expect(qrOnly.decodeLuminance(luminance(qr('A-01-02-03')))).toEqual({
      text: 'A-01-02-03',
      format: 'qr_code',
    })
    const eanOnly = createZxingDecoder(['ean_13'])
    expect(eanOnly.decodeLuminance(luminance(qr('A-01-02-03')))).toBeNull()
    expect(eanOnly.decodeLuminance(luminance(code128('A-01-02-03')))).toBeNull()
    expect(eanOnly.decodeLuminance(luminance(ean13('3017620422003')))?.format).toBe('ean_13')
  })

  it('hints POSSIBLE_FORMATS only: TRY_HARDER stays unset (zxing turns it on when the key exists at all)', () => {
    const decode = vi.spyOn(QRCodeReader.prototype, 'decode')
    createZxingDecoder(SCAN_FORMATS).decodeLuminance(luminance(qr('x')))
    const hints = decode.mock.calls[0]![1]!
    expect([...hints.keys()]).toEqual([DecodeHintType.POSSIBLE_FORMATS])
    // EAN-13, EAN-8, Code 128, QR, DataMatrix.
    expect(hints.get(DecodeHintType.POSSIBLE_FORMATS)).toEqual([7, 6, 4, 11, 5])
  })

  it('reads a canvas: its RGBA pixels, through the same readers', () => {
    const image = qr('https://example.test/p/42')
    const rgba = new Uint8ClampedArray(image.width * image.height * 4)
    image.grey.forEach((g, i) => rgba.set([g, g, g, 255], i * 4))
    const getImageData = vi.fn(() => ({ data: rgba }))
    const canvas = { width: image.width, height: image.height, getContext: () => ({ getImageData }) }
    const code = createZxingDecoder(SCAN_FORMATS).decodeCanvas(canvas as unknown as HTMLCanvasElement)
    expect(code).toEqual({ text: 'https://example.test/p/42', format: 'qr_code' })
    expect(getImageData).toHaveBeenCalledWith(0, 0, image.width, image.height)
  })
})
