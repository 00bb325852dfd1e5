/**
 * The admin area's CSV imports of rows grouped by reference (orders, expected deliveries): the
 * import and its dry run are the very same work in one audited transaction, which a dry run rolls
 * back once it has its answer, so the check finds what the import would and writes nothing. A file
 * that creates nothing leaves no line in the history.
 */
import { type Actor, adminWrite } from './audit.ts'
import { shopById } from './shops.ts'
import type { Db } from '../db/connect.ts'

interface ImportAnswer {
  created: number
  existing: number
  refused: readonly unknown[]
}

/** Thrown to roll a dry run back once answered. */
class DryRun<A> extends Error {
  constructor(readonly answer: A) {
    super('dry run')
  }
}

export async function csvImport<A extends ImportAnswer>(
  db: Db,
  actor: Actor,
  entity: string,
  shopId: number,
  dryRun: boolean,
  run: (trx: Db, shop: { id: number; code: string }) => Promise<A>,
): Promise<A> {
  try {
    return await adminWrite(db, actor, entity, async (trx) => {
      const shop = await shopById(trx, shopId)
      const answer = await run(trx, { id: shopId, code: shop.code })
      if (dryRun) throw new DryRun(answer)
      const change =
        answer.created === 0
          ? null
          : {
              key: shop.slug,
              action: 'create' as const,
              before: null,
              after: { created: answer.created, existing: answer.existing, refused: answer.refused.length },
            }
      return { change, answer }
    })
  } catch (error) {
    if (error instanceof DryRun) return error.answer as A
    throw error
  }
}
