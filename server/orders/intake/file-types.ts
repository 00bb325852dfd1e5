/**
 * What a file a shop sends must begin with to be of the type it says (issue 33): a customization's
 * proof (checks.ts) and a bought label's PDF (shop-label.ts) are checked against the same bytes.
 */
import type { SHOP_FILE_TYPES } from '../../../contract/index.ts'

type FileType = (typeof SHOP_FILE_TYPES)[number]

/** The first bytes of each type: a type added to the contract without its check does not compile. */
export const FILE_SIGNATURES: Record<FileType, (bytes: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
}
