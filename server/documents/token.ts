/**
 * Short-lived signed links to printable documents. The print agent fetches a document's URL
 * itself, without the user's token (docs/qz-tray-protocol.md, flavor 'file'), so the link is the
 * permission: an HMAC-signed, expiring description of what to render. Nothing is stored; the
 * token names ids and ranges, and the document is drawn from the database when fetched.
 */
import { createHmac } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { z } from 'zod'
import { sameBytes } from '../kernel/same-bytes.ts'

export const DOCUMENT_TTL_SECONDS = 10 * 60
/** Beyond this the router would refuse the path: the request caps keep tokens far below. */
export const MAX_TOKEN_LENGTH = 2048

export const documentFormatSchema = z.enum(['pdf', 'zpl'])
export type DocumentFormat = z.infer<typeof documentFormatSchema>

const ids = z.array(z.int().positive()).min(1)
export const documentSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('locations'), args: z.object({ ids }) }),
  z.object({
    kind: z.literal('boxes'),
    args: z.object({ from: z.int().positive(), to: z.int().positive() }),
  }),
  z.object({ kind: z.literal('products'), args: z.object({ ids, copies: z.int().positive() }) }),
  // Drawn from the batch as it is when fetched (server/documents/pick-list.ts).
  z.object({ kind: z.literal('pick-list'), args: z.object({ batchId: z.int().positive() }) }),
  z.object({ kind: z.literal('picking-commands'), args: z.object({}) }),
  // A tracking number's label (tracking_numbers.id): the stored ZPL, or a PDF drawn from it.
  z.object({ kind: z.literal('carrier-label'), args: z.object({ id: z.int().positive() }) }),
  // An order's packing slip (orders.id), drawn from its parcels when fetched.
  z.object({ kind: z.literal('packing-slip'), args: z.object({ orderId: z.int().positive() }) }),
  // A closed carrier slip's manifest (carrier_slips.id), drawn from the slip when fetched.
  z.object({ kind: z.literal('carrier-slip-manifest'), args: z.object({ slipId: z.int().positive() }) }),
  // A file of a customised order (customization_files.id), as stored or drawn when fetched; it
  // answers its own type (SVG, PNG, PDF): the format of the link is not used.
  z.object({ kind: z.literal('customization-file'), args: z.object({ id: z.int().positive() }) }),
])
export type DocumentSpec = z.infer<typeof documentSpecSchema>

export type DocumentPayload = DocumentSpec & { format: DocumentFormat; exp: number }
const payloadSchema = z.intersection(
  documentSpecSchema,
  z.object({ format: documentFormatSchema, exp: z.int() }),
)

/** Derived from the JWT secret, so a session token's key never signs anything else. */
export function documentKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('entrepot/print-documents/v1').digest()
}

const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest()

export function signDocumentToken(key: Buffer, payload: DocumentPayload): string {
  // Id lists become runs ("12-40,45") and the JSON is deflated: 500 labels fit in a short URL.
  const compact =
    'ids' in payload.args ? { ...payload, args: { ...payload.args, ids: runs(payload.args.ids) } } : payload
  const body = deflateRawSync(Buffer.from(JSON.stringify(compact))).toString('base64url')
  const token = `${body}.${mac(key, body).toString('base64url')}`
  if (token.length > MAX_TOKEN_LENGTH) throw new Error(`Document token too long (${token.length})`)
  return token
}

export type TokenCheck = { ok: true; payload: DocumentPayload } | { ok: false; reason: 'invalid' | 'expired' }

export function verifyDocumentToken(key: Buffer, token: string, now = Date.now()): TokenCheck {
  const payload = readDocumentToken(key, token)
  if (!payload) return INVALID
  if (payload.exp * 1000 <= now) return { ok: false, reason: 'expired' }
  return { ok: true, payload }
}

const INVALID = { ok: false, reason: 'invalid' } as const

/**
 * What a token signed by this key says, whatever its age; null when it is not one of ours. Only
 * for issuing a fresh link to the same document (routes/document-relink.ts), which checks the
 * caller's rights again: an expired token opens nothing by itself.
 */
export function readDocumentToken(key: Buffer, token: string): DocumentPayload | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || token.length > MAX_TOKEN_LENGTH) return null
  // The signature exactly as this server writes it, compared as text: decoding what was given first
  // took other spellings of the same bytes (a trailing NUL, '=', an inserted '!', the unused bits of
  // the last character: issue 35); the canonical text has one spelling only.
  if (!sameBytes(signature, mac(key, body).toString('base64url'))) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(inflateRawSync(Buffer.from(body, 'base64url')).toString('utf8'))
  } catch {
    return null
  }
  const raw = parsed as { args?: { ids?: unknown } }
  if (raw.args && typeof raw.args.ids === 'string') raw.args.ids = unruns(raw.args.ids)
  const payload = payloadSchema.safeParse(raw)
  return payload.success ? payload.data : null
}

/** Sorted, distinct ids as runs: [1,2,3,7] -> "1-3,7". */
export function runs(values: readonly number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`)
    i = j + 1
  }
  return parts.join(',')
}

/** The inverse of runs; anything malformed gives NaN, which the schema refuses. */
export function unruns(text: string): number[] {
  return text.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined]
    if (to === undefined) return [from]
    // A forged token cannot get here (the MAC is checked first); the cap guards our own bugs.
    if (!(to >= from) || to - from > 10_000) return [NaN]
    return Array.from({ length: to - from + 1 }, (_, k) => from + k)
  })
}
