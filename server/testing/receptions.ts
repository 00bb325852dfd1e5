/**
 * Expected receptions test helpers (issue 34): a delivery announced through the shop API, the
 * reception screen's calls, and a notice's lines read back from the database.
 */
import type { FastifyInstance } from 'fastify'
import type { ExpectedReception, ShopReception } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

export const ML = 'maison-lumiere'

/** A delivery announced with the shop's key: its answer, which must be 201 or 200. */
export async function announce(
  app: FastifyInstance,
  key: Record<string, string>,
  body: { reference: string; expectedDate?: string; lines: { sku: string; quantity: number }[] },
): Promise<ShopReception> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/receptions',
    headers: key,
    payload: { expectedDate: '2026-12-01', ...body },
  })
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`not announced: ${res.statusCode} ${res.body}`)
  return (res.json() as { reception: ShopReception }).reception
}

/** The notice's id, by the shop's reference. */
export async function noticeId(db: Db, reference: string): Promise<number> {
  const row = await db
    .selectFrom('expected_receptions')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow()
  return row.id
}

/** receptionAdd on the reception screen's path, counted against `expected` when given. */
export const receive = (
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: { lines: { code: string; quantity: number; location: string }[]; expected?: number | string },
  slug = ML,
) => app.inject({ method: 'POST', url: `/api/client/${slug}/reception/add`, headers, payload })

/** The notice as the reception screen reads it. */
export async function screenView(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
): Promise<ExpectedReception> {
  const res = await app.inject({ method: 'GET', url: `/api/client/${ML}/reception/expected/${id}`, headers })
  if (res.statusCode !== 200) throw new Error(`not read: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** Received units per SKU, as the notice's lines hold them. */
export async function receivedBySku(db: Db, id: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('expected_reception_lines')
    .select(['sku', 'quantity_received'])
    .where('expected_reception_id', '=', id)
    .execute()
  return Object.fromEntries(rows.map((r) => [r.sku, r.quantity_received]))
}
