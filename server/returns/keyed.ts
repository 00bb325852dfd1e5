/**
 * The returns' writes under their Idempotency-Key, the way every keyed endpoint does it
 * (stock/idempotency-key.ts): the key claimed in the transaction's first statement, the work done
 * and its answer stored in the same transaction, so a replay (the outbox resending a receipt whose
 * answer was lost) answers the first answer and writes nothing; a refused request leaves no claim.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { claimColumn, replayed, requestKeyOf, storeOutcome } from '../stock/idempotency-key.ts'

export interface KeyedCtx {
  db: Db
  user: AuthUser
  request: FastifyRequest
  reply: FastifyReply
}

export async function keyedWrite<T>(
  ctx: KeyedCtx,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const k = await requestKeyOf(ctx.db, ctx.request, ctx.user.id)
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (k) {
      const { rows } = await sql<{ claimed: boolean }>`select ${claimColumn(k)} as claimed`.execute(trx)
      if (!rows[0]?.claimed) return { body: await replayed<T>(trx, k), replayed: true }
    }
    const body = await work(trx)
    await storeOutcome(trx, k, 200, body)
    return { body, replayed: false }
  })
  if (outcome.replayed) ctx.reply.header('idempotent-replayed', 'true')
  return outcome.body
}
