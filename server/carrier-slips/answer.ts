/**
 * The close's answer, built from the slip as stored (so a replay of its Idempotency-Key answers the
 * same slip), with a fresh signed link to its manifest.
 */
import { sql } from 'kysely'
import type { CarrierSlipClose, PrintDocument } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { manifestTitle } from '../documents/manifest.ts'
import type { DocumentSpec } from '../documents/token.ts'

export type SignDocument = (spec: DocumentSpec, title: string) => PrintDocument

export async function closeAnswer(db: Db, slipId: number, sign: SignDocument): Promise<CarrierSlipClose> {
  const { rows } = await sql<{
    number: string
    code: string
    name: string
    parcelCount: number
    totalWeightGrams: number
    closedAt: Date
    next: string
  }>`
    select s.number, g.code, g.name, s.parcel_count as "parcelCount", s.total_weight_grams as "totalWeightGrams",
           s.closed_at as "closedAt", carrier_slip_number(g.code, s.seq + 1) as next
      from carrier_slips s join carrier_slip_groups g on g.id = s.group_id
     where s.id = ${slipId}
  `.execute(db)
  const slip = rows[0]
  if (!slip) throw new Error(`Carrier slip ${slipId} vanished after its close`)
  return {
    slip: {
      number: slip.number,
      group: { code: slip.code, name: slip.name },
      parcelCount: slip.parcelCount,
      totalWeightGrams: slip.totalWeightGrams,
      closedAt: new Date(slip.closedAt).toISOString(),
    },
    manifest: sign({ kind: 'carrier-slip-manifest', args: { slipId } }, manifestTitle(slip.number)),
    next: { number: slip.next },
  }
}
