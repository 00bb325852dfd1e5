/**
 * One barcode detector interface over the browser's own BarcodeDetector (Chrome on Android and
 * macOS: fast, off the main thread) and zxing (everywhere else: @zxing/library's readers of these
 * formats, zxing-decoder.ts), loaded only when asked for.
 */
export type ScanFormat = 'ean_13' | 'ean_8' | 'code_128' | 'qr_code' | 'data_matrix'

/** The symbologies the warehouse uses; nothing else is looked for (faster, fewer misreads). */
export const SCAN_FORMATS: readonly ScanFormat[] = ['ean_13', 'ean_8', 'code_128', 'qr_code', 'data_matrix']

export interface DetectedCode {
  text: string
  /** One of ScanFormat ('ean_13', 'qr_code'…). */
  format: string
}

export interface Detector {
  /** 'native' (BarcodeDetector) or 'zxing': for diagnostics. */
  readonly engine: 'native' | 'zxing'
  /** The codes in the video's current frame; none when there is none. */
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>
  dispose(): void
}

// BarcodeDetector (Shape Detection API) is not in TypeScript's DOM library.
interface NativeBarcode {
  rawValue: string
  format: string
}
interface NativeBarcodeDetector {
  detect(source: CanvasImageSource): Promise<NativeBarcode[]>
}
interface NativeBarcodeDetectorClass {
  new (options?: { formats: string[] }): NativeBarcodeDetector
  getSupportedFormats?(): Promise<string[]>
}

function nativeDetectorClass(): NativeBarcodeDetectorClass | undefined {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return undefined
  return (window as unknown as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector
}

async function createNativeDetector(formats: readonly ScanFormat[]): Promise<Detector | null> {
  const BarcodeDetector = nativeDetectorClass()
  if (!BarcodeDetector?.getSupportedFormats) return null
  try {
    // Some browsers expose the class but support no format at all (desktop Linux Chrome).
    const supported = await BarcodeDetector.getSupportedFormats()
    if (!formats.every((format) => supported.includes(format))) return null
    const detector = new BarcodeDetector({ formats: [...formats] })
    let disposed = false
    return {
      engine: 'native',
      async detect(source) {
        if (disposed) return []
        const codes = await detector.detect(source)
        return codes.map((code) => ({ text: code.rawValue, format: code.format }))
      },
      dispose() {
        disposed = true
      },
    }
  } catch {
    return null
  }
}

/** Frames larger than this (long side, px) are scaled down before decoding: zxing runs on the main thread. */
const MAX_DECODE_SIDE = 1280

async function createZxingDetector(formats: readonly ScanFormat[]): Promise<Detector> {
  // Only the readers of these formats, from @zxing/library's own modules (zxing-decoder.ts).
  const { createZxingDecoder } = await import('./zxing-decoder.ts')
  const decoder = createZxingDecoder(formats)

  let canvas: HTMLCanvasElement | null = document.createElement('canvas')
  let context: CanvasRenderingContext2D | null = null

  return {
    engine: 'zxing',
    async detect(video) {
      if (!canvas) return []
      const width = video.videoWidth
      const height = video.videoHeight
      if (!width || !height) return []
      const scale = Math.min(1, MAX_DECODE_SIDE / Math.max(width, height))
      const w = Math.round(width * scale)
      const h = Math.round(height * scale)
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w
        canvas.height = h
      }
      context ??= canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('Canvas 2D indisponible')
      context.drawImage(video, 0, 0, w, h)
      const code = decoder.decodeCanvas(canvas)
      return code ? [code] : []
    },
    dispose() {
      if (canvas) {
        canvas.width = 0
        canvas.height = 0
      }
      canvas = null
      context = null
    },
  }
}

/**
 * A detector for formats: the native BarcodeDetector when the browser has one supporting them all,
 * else zxing (its chunk is fetched now, never before).
 */
export async function createDetector(formats: readonly ScanFormat[] = SCAN_FORMATS): Promise<Detector> {
  return (await createNativeDetector(formats)) ?? createZxingDetector(formats)
}
