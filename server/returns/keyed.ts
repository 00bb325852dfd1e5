/**
 * The returns' writes under their Idempotency-Key (kernel/idempotency-key.ts keyedTransaction): a
 * replay (the outbox resending a receipt whose answer was lost) answers the first answer, says so
 * in a header, and writes nothing; a refused request leaves no claim.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { keyedTransaction, requestKeyOf } from '../kernel/idempotency-key.ts'

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
  const outcome = await keyedTransaction(ctx.db, k, work)
  if (outcome.replayed) ctx.reply.header('idempotent-replayed', 'true')
  return outcome.body
}
