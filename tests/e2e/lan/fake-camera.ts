/**
 * A camera feed for Chromium's fake capture device (--use-file-for-fake-video-capture): a Y4M file
 * whose frames show one EAN-13, black bars on white, as a handheld's camera would see a label held
 * in front of it. Chromium plays the file in a loop, so a few identical frames are enough.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** The product the fake camera shows: the seed's first (server/db/seed/catalog.ts), ML-0001, demoEan13(1, 1). */
export const CAMERA_PRODUCT = { ean13: '3760010000014', sku: 'ML-0001', name: 'Lampe de chevet laiton' }

/**
 * Chromium's launch flags for a fake camera playing CAMERA_PRODUCT's EAN-13, the file made at once:
 * Chromium reads it when a page opens the camera. Each process that calls this (the runner, each
 * worker) has its own file, deleted when it ends. No --use-fake-ui-for-media-stream, which would
 * accept every permission prompt.
 */
export function fakeCameraArgs(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-camera-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const feed = join(dir, 'ean13.y4m')
  writeBarcodeVideo(feed, CAMERA_PRODUCT.ean13)
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${feed}`]
}
