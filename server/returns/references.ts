/**
 * What a receipt names besides its products, checked before anything is written: the origin and
 * wait reason (active entries of their lists), the restock locations (storage places only: a
 * return must not put goods back on a dock), the RETOURS quarantine and the scrap reasons.
 */
import { sql, type Transaction } from 'kysely'
import { type ReceivedLine, RETURNS_LOCATION } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import { invalid } from '../http/errors.ts'
import { STOCK_MESSAGES, stockNotFound } from '../kernel/errors.ts'
import type { Allocation } from './allocate.ts'
import { RETURN_MESSAGES as M } from './messages.ts'

type Trx = Transaction<Database>
export interface Reason {
  id: number
  label: string
}

/** An active entry of return_origins or return_wait_reasons; null when unknown or retired. */
export async function activeReason(
  trx: Trx,
  table: 'return_origins' | 'return_wait_reasons',
  id: number,
): Promise<Reason | null> {
  const row = await trx
    .selectFrom(table)
    .select(['id', 'label'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst()
  return row ?? null
}

export interface Destinations {
  /** Per line: its restock location's id (null unless it restocks units of the order). */
  locationIds: (number | null)[]
  /** Per line: its scrap reason (null unless it scraps units of the order). */
  rebutReasons: (Reason | null)[]
  returnsId: number
}

/**
 * The places and scrap reasons of the lines. Only units of the order go where the worker said
 * (allocation.parts); the rest wait in quarantine, so their location and reason are not asked.
 */
export async function destinations(
  trx: Trx,
  lines: readonly ReceivedLine[],
  allocations: readonly Allocation[],
): Promise<Destinations> {
  const ofOrder = (i: number) => (allocations[i]?.parts.length ?? 0) > 0
  lines.forEach((line, i) => {
    if (!ofOrder(i)) return
    if (line.disposition === 'restock' && !line.location)
      throw invalid(M.locationRequired, `lines.${i}.location`)
    if (line.disposition === 'scrap' && line.rebutReason === undefined)
      throw invalid(M.rebutReasonRequired, `lines.${i}.rebutReason`)
  })
  const names = lines.flatMap((l, i) =>
    ofOrder(i) && l.disposition === 'restock' ? [l.location as string] : [],
  )
  const { rows: places } = await sql<{ id: number; name: string; kind: string }>`
    select id, name, kind from locations where name = any(${[...names, RETURNS_LOCATION]}::text[])
  `.execute(trx)
  const reasonIds = lines.flatMap((l, i) =>
    ofOrder(i) && l.disposition === 'scrap' ? [l.rebutReason as number] : [],
  )
  const reasons =
    reasonIds.length === 0
      ? []
      : await trx.selectFrom('rebut_reasons').select(['id', 'label']).where('id', 'in', reasonIds).execute()

  const locationIds = lines.map((line, i) => {
    if (!ofOrder(i) || line.disposition !== 'restock') return null
    const place = places.find((p) => p.name === line.location)
    if (!place)
      throw stockNotFound(STOCK_MESSAGES.unknownLocation(line.location as string), `lines.${i}.location`)
    if (place.kind !== 'storage') throw invalid(M.notStorage(place.name), `lines.${i}.location`)
    return place.id
  })
  const rebutReasons = lines.map((line, i) => {
    if (!ofOrder(i) || line.disposition !== 'scrap') return null
    const reason = reasons.find((r) => r.id === line.rebutReason)
    if (!reason)
      throw stockNotFound(STOCK_MESSAGES.unknownReason(line.rebutReason as number), `lines.${i}.rebutReason`)
    return reason
  })
  const returnsId = places.find((p) => p.name === RETURNS_LOCATION)?.id
  if (returnsId === undefined) throw stockNotFound(M.noReturnsLocation)
  return { locationIds, rebutReasons, returnsId }
}
