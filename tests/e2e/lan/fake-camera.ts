/**
 * A camera feed for Chromium's fake capture device (--use-file-for-fake-video-capture): a Y4M file
 * whose frames show one EAN-13, black bars on white, as a handheld's camera would see a label held
 * in front of it. Chromium plays the file in a loop, so a few identical frames are enough.
 */
import { writeFileSync } from 'node:fs'
import { ean13Modules, EAN13_MODULES } from '../../../server/documents/ean13.ts'

const WIDTH = 640
const HEIGHT = 480
const FRAMES = 3
/** Pixels per module: 95 modules and two quiet zones of 11 fit 640 px with room to spare. */
const MODULE_PX = 5
const QUIET_ZONE_MODULES = 11
const BAR_TOP = 120
const BAR_BOTTOM = 360
const WHITE = 255
const BLACK = 0

/** The luma plane: white, with the code's bars (its quiet zones left white) centred. */
function lumaPlane(code: string): Buffer {
  const modules = ean13Modules(code)
  const symbolWidth = (EAN13_MODULES + 2 * QUIET_ZONE_MODULES) * MODULE_PX
  if (symbolWidth > WIDTH) throw new RangeError('the code does not fit the frame')
  const left = Math.floor((WIDTH - EAN13_MODULES * MODULE_PX) / 2)
  const row = Buffer.alloc(WIDTH, WHITE)
  for (let m = 0; m < EAN13_MODULES; m++)
    if (modules[m] === '1') row.fill(BLACK, left + m * MODULE_PX, left + (m + 1) * MODULE_PX)
  const plane = Buffer.alloc(WIDTH * HEIGHT, WHITE)
  for (let y = BAR_TOP; y < BAR_BOTTOM; y++) row.copy(plane, y * WIDTH)
  return plane
}

/** Writes a Y4M file (4:2:0, grey: both chroma planes at 128) showing the EAN-13 `code`. */
export function writeBarcodeVideo(file: string, code: string): void {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii')
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), lumaPlane(code), chroma])
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]))
}
