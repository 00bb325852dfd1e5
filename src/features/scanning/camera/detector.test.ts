// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDetector, SCAN_FORMATS } from './detector.ts'

// The zxing path, without zxing: the decoder records how it was made and what it was given, and
// decodes what a test says. Real decoding is tested in zxing-decoder.test.ts.
const zxing = vi.hoisted(() => ({
  created: [] as unknown[],
  canvases: [] as unknown[],
  decode: (): { text: string; format: string } | null => null,
}))

vi.mock('./zxing-decoder.ts', () => ({
  createZxingDecoder(formats: unknown) {
    zxing.created.push(formats)
    return {
      decodeCanvas(canvas: unknown) {
        zxing.canvases.push(canvas)
        return zxing.decode()
      },
      decodeLuminance: () => null,
    }
  },
}))

function fakeVideo(width = 1920, height = 1080): HTMLVideoElement {
  const video = document.createElement('video')
  Object.defineProperty(video, 'videoWidth', { value: width })
  Object.defineProperty(video, 'videoHeight', { value: height })
  return video
}

function installBarcodeDetector(supported: string[]) {
  const detect = vi.fn(async () => [{ rawValue: '3017620422003', format: 'ean_13' }])
  const constructed: unknown[] = []
  class BarcodeDetector {
    static getSupportedFormats = vi.fn(async () => supported)
    constructor(options: unknown) {
      constructed.push(options)
    }
    detect = detect
  }
  vi.stubGlobal('BarcodeDetector', BarcodeDetector)
  return { detect, constructed, BarcodeDetector }
}

let drawImage: ReturnType<typeof vi.fn>

beforeEach(() => {
  zxing.created = []
  zxing.canvases = []
  zxing.decode = () => null
  drawImage = vi.fn()
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage }) as unknown as CanvasRenderingContext2D,
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete (window as { BarcodeDetector?: unknown }).BarcodeDetector
})

describe('createDetector', () => {
  it('uses the native BarcodeDetector when it supports every format', async () => {
    const native = installBarcodeDetector([
      'aztec',
      'code_128',
      'data_matrix',
      'ean_13',
      'ean_8',
      'qr_code',
      'upc_a',
    ])
    const detector = await createDetector()
    expect(detector.engine).toBe('native')
    expect(native.constructed).toEqual([{ formats: [...SCAN_FORMATS] }])
    expect(await detector.detect(fakeVideo())).toEqual([{ text: '3017620422003', format: 'ean_13' }])
    expect(zxing.created).toHaveLength(0) // zxing never loaded
    detector.dispose()
    expect(await detector.detect(fakeVideo())).toEqual([])
  })

  it('falls back to zxing when the native detector lacks a format', async () => {
    installBarcodeDetector(['code_128', 'ean_13', 'ean_8', 'qr_code'])
    const detector = await createDetector()
    expect(detector.engine).toBe('zxing')
  })

  it('falls back to zxing when the native detector knows no format or fails to say', async () => {
    installBarcodeDetector([])
    expect((await createDetector()).engine).toBe('zxing')
    const { BarcodeDetector } = installBarcodeDetector(['ean_13'])
    BarcodeDetector.getSupportedFormats.mockRejectedValueOnce(new Error('boom'))
    expect((await createDetector()).engine).toBe('zxing')
  })

  it('without BarcodeDetector, loads zxing limited to the formats asked for', async () => {
    expect('BarcodeDetector' in window).toBe(false)
    const detector = await createDetector()
    expect(detector.engine).toBe('zxing')
    expect(zxing.created).toEqual([SCAN_FORMATS])
    await createDetector(['qr_code', 'ean_13'])
    expect(zxing.created[1]).toEqual(['qr_code', 'ean_13'])
  })

  it('zxing: a frame without a code is no result, a code is text and format', async () => {
    const detector = await createDetector()
    const video = fakeVideo(1920, 1080)
    expect(await detector.detect(video)).toEqual([])
    // Drawn scaled down to 1280 px on the long side.
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 720)
    // The frame's canvas, at that size, is what zxing reads.
    const canvas = zxing.canvases[0] as HTMLCanvasElement
    expect(canvas).toBeInstanceOf(HTMLCanvasElement)
    expect([canvas.width, canvas.height]).toEqual([1280, 720])

    zxing.decode = () => ({ text: ']C1010361234567890110ABC', format: 'code_128' })
    expect(await detector.detect(video)).toEqual([{ text: ']C1010361234567890110ABC', format: 'code_128' }])
    zxing.decode = () => ({ text: 'https://example.test', format: 'qr_code' })
    expect(await detector.detect(video)).toEqual([{ text: 'https://example.test', format: 'qr_code' }])
  })

  it('zxing: errors other than "no code" are thrown', async () => {
    const detector = await createDetector()
    zxing.decode = () => {
      throw new Error('broken')
    }
    await expect(detector.detect(fakeVideo())).rejects.toThrow('broken')
  })

  it('zxing: no frame yet, or disposed, is no result', async () => {
    const detector = await createDetector()
    expect(await detector.detect(fakeVideo(0, 0))).toEqual([])
    detector.dispose()
    expect(await detector.detect(fakeVideo())).toEqual([])
    expect(drawImage).not.toHaveBeenCalled()
  })
})
