/**
 * Label documents (issue 4): each endpoint checks what is asked, then answers a print element
 * whose URL is a short-lived signed link (documents/token.ts) the print agent fetches without
 * the user's token. The document itself is drawn when fetched (routes/documents.ts).
 */
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { PrintDocument } from '../../contract/index.ts'
import { isCode128Text } from '../documents/code128.ts'
import { boxesTitle, boxName, locationsTitle, productsTitle } from '../documents/render.ts'
import { pageSizeOf } from '../documents/page-size.ts'
import { DOCUMENT_TTL_SECONDS, type DocumentSpec, signDocumentToken } from '../documents/token.ts'
import { invalid, notFound } from '../http/errors.ts'
import type { AppDeps, Handler } from '../http/register.ts'

type E = typeof endpoints

export const MAX_BOXES = 500
/** Pages of one product-label document (codes × copies): beyond, the agent would choke. */
export const MAX_PRODUCT_LABELS = 2000

export const PRINT_MESSAGES = {
  unknownLocations: (names: string[]) =>
    `${names.length === 1 ? 'Emplacement inconnu' : 'Emplacements inconnus'} : ${list(names)}`,
  unprintable: (names: string[]) => `Nom non imprimable en code-barres : ${list(names)}`,
  boxChoice: 'Indiquez un nombre de caisses, ou une plage (du numéro… au numéro…) à réimprimer.',
  boxOrder: 'Le numéro de fin doit être supérieur ou égal au numéro de début.',
  boxTooMany: `${MAX_BOXES} caisses au plus par impression.`,
  boxNotAllocated: (last: number) =>
    last === 0
      ? "Aucune caisse n'a encore été numérotée : imprimez d'abord de nouvelles caisses."
      : `Les caisses après ${boxName(last)} n'ont pas encore été numérotées.`,
  unknownProducts: (codes: string[]) =>
    `${codes.length === 1 ? 'Produit inconnu' : 'Produits inconnus'} dans cette boutique : ${list(codes)}`,
  tooManyLabels: `${MAX_PRODUCT_LABELS} étiquettes au plus par impression.`,
} as const

/** The first ten, then how many more: a message must stay readable in a toast. */
function list(items: string[]): string {
  const shown = items.slice(0, 10).join(', ')
  return items.length > 10 ? `${shown}… (+${items.length - 10})` : shown
}

const distinct = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))]

/**
 * Where the print agent fetches a document from. Never the request's Host header, which the caller
 * writes (an audit had links sent to a host of its choosing): PUBLIC_ORIGIN when the site set it;
 * behind a proxy the site trusts (TRUST_PROXY), the forwarded protocol and host; otherwise the
 * address and port this request reached the server on.
 */
export function documentOrigin(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'publicOrigin' | 'behindProxy'>,
): string {
  if (deps.publicOrigin) return deps.publicOrigin
  if (deps.behindProxy) return `${request.protocol}://${request.host}`
  const { localAddress, localPort } = request.socket
  // An injected request (tests) has no socket address.
  if (!localAddress || !localPort) return 'http://localhost'
  const address = localAddress.replace(/^::ffff:(?=\d+\.)/, '')
  // https when the request came over TLS (issue 30): the HTTPS port, or TLS on the front door.
  return `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${localPort}`
}

/** The print element: an absolute URL, because the agent fetches it from outside the page. */
export function issue(
  request: FastifyRequest,
  deps: AppDeps,
  spec: DocumentSpec,
  title: string,
  format: 'pdf' | 'zpl' = 'pdf',
): PrintDocument {
  const exp = Math.floor(Date.now() / 1000) + DOCUMENT_TTL_SECONDS
  const token = signDocumentToken(deps.documentKey, { ...spec, format, exp })
  const url = `${documentOrigin(request, deps)}/rest/documents/${token}`
  const page = pageSizeOf(spec.kind)
  return { title, url, format, expiresAt: new Date(exp * 1000).toISOString(), ...(page && { page }) }
}

export const locationLabels: Handler<E['locationLabels']> = async ({ db, body, deps, request }) => {
  const asked = distinct(body.names)
  // Case-insensitive: a name typed in lower case still finds its location.
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) = any(${asked.map((n) => n.toLowerCase())}::text[])`)
    .orderBy(sql`name collate "C"`)
    .execute()
  const found = new Set(rows.map((r) => r.name.toLowerCase()))
  const unknown = asked.filter((n) => !found.has(n.toLowerCase()))
  if (unknown.length > 0) throw notFound(PRINT_MESSAGES.unknownLocations(unknown))
  const unprintable = rows.filter((r) => !isCode128Text(r.name)).map((r) => r.name)
  if (unprintable.length > 0) throw invalid(PRINT_MESSAGES.unprintable(unprintable), 'names')
  const names = rows.map((r) => r.name)
  const spec = { kind: 'locations', args: { ids: rows.map((r) => r.id) } } as const
  return issue(request, deps, spec, locationsTitle(names), body.format)
}

export const boxLabels: Handler<E['boxLabels']> = async ({ db, body, deps, request }) => {
  const { count, from, to } = body
  const range = from !== undefined || to !== undefined
  if ((count === undefined) === !range || (range && (from === undefined || to === undefined)))
    throw invalid(PRINT_MESSAGES.boxChoice)
  let first: number
  let last: number
  if (count !== undefined) {
    // One update moves the counter: concurrent requests get disjoint, contiguous ranges.
    const row = await db
      .updateTable('box_counter')
      .set((eb) => ({ last_number: eb('last_number', '+', count) }))
      .returning('last_number')
      .executeTakeFirstOrThrow()
    last = row.last_number
    first = last - count + 1
  } else {
    first = from as number
    last = to as number
    if (last < first) throw invalid(PRINT_MESSAGES.boxOrder, 'to')
    if (last - first + 1 > MAX_BOXES) throw invalid(PRINT_MESSAGES.boxTooMany, 'to')
    const counter = await db.selectFrom('box_counter').select('last_number').executeTakeFirstOrThrow()
    if (last > counter.last_number) throw invalid(PRINT_MESSAGES.boxNotAllocated(counter.last_number), 'to')
  }
  const boxes = Array.from({ length: last - first + 1 }, (_, i) => boxName(first + i))
  const spec = { kind: 'boxes', args: { from: first, to: last } } as const
  return { ...issue(request, deps, spec, boxesTitle(first, last), body.format), boxes }
}

export const productLabels: Handler<E['productLabels']> = async ({ db, body, params, deps, request }) => {
  const codes = distinct(body.codes)
  const copies = body.copies ?? 1
  const upper = codes.map((c) => c.toUpperCase())
  const rows = await db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.id', 'products.sku', 'products.ean13'])
    .where('shops.slug', '=', params.slugShop)
    .where(
      sql<boolean>`(upper(products.sku) = any(${upper}::text[]) or products.ean13 = any(${codes}::text[]))`,
    )
    .orderBy(sql`products.sku collate "C"`)
    .execute()
  const known = new Set(rows.flatMap((r) => [r.sku.toUpperCase(), r.ean13]))
  const unknown = codes.filter((c) => !known.has(c.toUpperCase()))
  if (unknown.length > 0) throw notFound(PRINT_MESSAGES.unknownProducts(unknown))
  // A SKU and an EAN of the same product are one product: one set of labels.
  const products = [...new Map(rows.map((r) => [r.id, r])).values()]
  if (products.length * copies > MAX_PRODUCT_LABELS) throw invalid(PRINT_MESSAGES.tooManyLabels, 'copies')
  const spec = { kind: 'products', args: { ids: products.map((p) => p.id), copies } } as const
  const title = productsTitle(
    products.map((p) => p.sku),
    copies,
  )
  return issue(request, deps, spec, title, body.format)
}
