/**
 * Scan-based picking sessions (docs/specification.md §7.10): create, resume, pick, close. The work is in
 * server/picking (session-create, pick-scan, session-close); here each call gets its key and
 * its answer.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import type { Handler } from '../http/register.ts'
import { pickScan } from '../picking/pick-scan.ts'
import { closeSession } from '../picking/session-close.ts'
import { createSession } from '../picking/session-create.ts'
import { SESSION_MESSAGES as M } from '../picking/session-messages.ts'
import { loadSession, openSession } from '../picking/session-views.ts'
import { stockNotFound } from '../kernel/errors.ts'
import { idempotencyKeyOf, requestKeyOf } from '../kernel/idempotency-key.ts'

type E = typeof endpoints

async function sessionView(db: Db, id: number) {
  const session = await loadSession(db, id)
  if (!session) throw stockNotFound(M.unknownSession(id))
  return session
}

export const pickingSessionCreate: Handler<E['pickingSessionCreate']> = async ({
  db,
  user,
  body,
  request,
}) => {
  const key = await requestKeyOf(db, request, user.id)
  const sessionId = await createSession(db, user, body, key)
  return sessionView(db, sessionId)
}

export const pickingSessionResume: Handler<E['pickingSessionResume']> = async ({ db, user }) => {
  const open = await openSession(db, { userId: user.id })
  if (!open) throw stockNotFound(M.noneOpen)
  return sessionView(db, open.id)
}

export const pickingSessionPick: Handler<E['pickingSessionPick']> = async ({
  db,
  user,
  params,
  body,
  request,
  reply,
}) => {
  const key = await requestKeyOf(db, request, user.id)
  const outcome = await pickScan(db, user, params.id, body, key)
  if (outcome.replayed) reply.header('idempotent-replayed', 'true')
  return outcome.answer
}

export const pickingSessionClose: Handler<E['pickingSessionClose']> = async ({
  db,
  user,
  params,
  request,
}) => {
  // Idempotent without a stored key: a closed session answers the summary it stored. A malformed
  // key is refused all the same, as on every write that takes one.
  idempotencyKeyOf(request)
  const summary = await closeSession(db, user, params.id)
  return { session: await sessionView(db, params.id), summary }
}
