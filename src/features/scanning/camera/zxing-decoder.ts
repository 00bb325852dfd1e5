/**
 * The zxing fallback's decoding stack: only the readers of the warehouse formats, taken from
 * @zxing/library's own modules. Its entry (and @zxing/browser's) re-exports every reader and writer,
 * and the bundler keeps them all (zxing's classes are side-effectful IIFEs to it), so the lazy chunk
 * carried PDF417, Aztec, RSS, Code 39/93, ITF, Codabar and the encoders for nothing. The deep paths
 * below are the package's ESM files (it has no "exports" map, so they are public).
 *
 * Reached only through import() from detector.ts: never import it statically.
 */
import { HTMLCanvasElementLuminanceSource } from '@zxing/library/esm/browser/HTMLCanvasElementLuminanceSource'
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat'
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap'
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer'
import type BitArray from '@zxing/library/esm/core/common/BitArray'
import DataMatrixReader from '@zxing/library/esm/core/datamatrix/DataMatrixReader'
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType'
import type LuminanceSource from '@zxing/library/esm/core/LuminanceSource'
import NotFoundException from '@zxing/library/esm/core/NotFoundException'
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader'
import EAN13Reader from '@zxing/library/esm/core/oned/EAN13Reader'
import EAN8Reader from '@zxing/library/esm/core/oned/EAN8Reader'
import OneDReader from '@zxing/library/esm/core/oned/OneDReader'
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader'
import type Reader from '@zxing/library/esm/core/Reader'
import type Result from '@zxing/library/esm/core/Result'
import type { DetectedCode, ScanFormat } from './detector.ts'

export type { LuminanceSource }

export interface ZxingDecoder {
  /** The code in the canvas' pixels; null when there is none, or none readable. */
  decodeCanvas(canvas: HTMLCanvasElement): DetectedCode | null
  /** The same from grey levels (what decodeCanvas makes of the canvas): testable without a canvas. */
  decodeLuminance(source: LuminanceSource): DetectedCode | null
}

const ZXING_FORMATS: Record<ScanFormat, BarcodeFormat> = {
  ean_13: BarcodeFormat.EAN_13,
  ean_8: BarcodeFormat.EAN_8,
  code_128: BarcodeFormat.CODE_128,
  qr_code: BarcodeFormat.QR_CODE,
  data_matrix: BarcodeFormat.DATA_MATRIX,
}
const SCAN_FORMAT_OF = new Map<BarcodeFormat, ScanFormat>(
  (Object.entries(ZXING_FORMATS) as [ScanFormat, BarcodeFormat][]).map(([scan, zxing]) => [zxing, scan]),
)

/**
 * The 1D readers wanted, tried in turn on each scanned row (as zxing's MultiFormatOneDReader does,
 * without importing all the others): the image's rows are binarized once for all of them.
 */
class OneDReaders extends OneDReader {
  constructor(private readonly readers: OneDReader[]) {
    super()
  }

  override decodeRow(rowNumber: number, row: BitArray, hints?: Map<DecodeHintType, unknown>): Result {
    for (const reader of this.readers) {
      try {
        return reader.decodeRow(rowNumber, row, hints)
      } catch {
        // not this symbology on this row: the next reader
      }
    }
    throw new NotFoundException()
  }

  override reset(): void {
    for (const reader of this.readers) reader.reset()
  }
}

/** The readers for formats, in zxing's MultiFormatReader order without TRY_HARDER: 1D first, then 2D. */
function readersFor(formats: readonly ScanFormat[]): Reader[] {
  const oneD: OneDReader[] = []
  if (formats.includes('ean_13')) oneD.push(new EAN13Reader())
  if (formats.includes('ean_8')) oneD.push(new EAN8Reader())
  if (formats.includes('code_128')) oneD.push(new Code128Reader())
  const readers: Reader[] = []
  if (oneD.length) readers.push(oneD.length === 1 ? oneD[0]! : new OneDReaders(oneD))
  if (formats.includes('qr_code')) readers.push(new QRCodeReader())
  if (formats.includes('data_matrix')) readers.push(new DataMatrixReader())
  return readers
}

export function createZxingDecoder(formats: readonly ScanFormat[]): ZxingDecoder {
  const readers = readersFor(formats)
  // POSSIBLE_FORMATS only. TRY_HARDER stays unset: zxing turns it on when the hint is present at
  // all, even as false, and it costs several times the decode time per frame.
  const possibleFormats = formats.map((f) => ZXING_FORMATS[f])
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, possibleFormats]])

  const decodeLuminance = (source: LuminanceSource): DetectedCode | null => {
    const bitmap = new BinaryBitmap(new HybridBinarizer(source))
    for (const reader of readers) {
      let result: Result
      try {
        result = reader.decode(bitmap, hints)
      } catch {
        // Not found, or seen but unreadable (checksum, format): like zxing's MultiFormatReader,
        // any reader's failure hands over to the next one, and all failing is no code.
        continue
      }
      const zxingFormat = result.getBarcodeFormat()
      const format = SCAN_FORMAT_OF.get(zxingFormat) ?? String(BarcodeFormat[zxingFormat]).toLowerCase()
      return { text: result.getText(), format }
    }
    return null
  }

  return {
    decodeLuminance,
    decodeCanvas: (canvas) => decodeLuminance(new HTMLCanvasElementLuminanceSource(canvas)),
  }
}
