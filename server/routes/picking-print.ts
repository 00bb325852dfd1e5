/**
 * Picking lists (docs/specification.md §7.10): ready orders counted per picking type and campaign, and the print
 * of a batch. A print claims the orders (server/picking/claim.ts), logs the print and answers the
 * pick list as a signed link (routes/print.ts `issue`), in one transaction: either the orders are
 * in the batch and the print is logged, or nothing happened. Its Idempotency-Key is claimed like
 * any other (kernel/idempotency-key.ts) and stores the batch made: the same key answers the same
 * batch again, with fresh links, and claims and logs nothing.
 */
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import { DEFAULT_PICKING_ORDERS, type PickingPrint, type PickingType } from '../../contract/index.ts'
import { PICKING_COMMANDS_TITLE } from '../documents/picking-commands.ts'
import { pickListTitle } from '../documents/pick-list.ts'
import { forbidden, MESSAGES, notFound } from '../http/errors.ts'
import type { Handler, HandlerContext } from '../http/register.ts'
import { type BatchRow, batchSummary, findBatch, logPrint } from '../picking/batch.ts'
import { claimBatch } from '../picking/claim.ts'
import { READY_UNITS, readyCounts, typeCounts } from '../picking/ready.ts'
import { SESSION_MESSAGES } from '../picking/session-messages.ts'
import { claimColumn, replayed, requestKeyOf, storeOutcome } from '../kernel/idempotency-key.ts'
import { issue } from './print.ts'

type E = typeof endpoints

export const PICKING_PRINT_MESSAGES = {
  unknownCampaign: (code: string) => `Campagne inconnue dans cette boutique : ${code}`,
  keyReused: "Cette clé d'idempotence a déjà servi pour une autre liste de picking.",
} as const

const byName = new Intl.Collator('fr', { sensitivity: 'base' })

export const pickingOrderCount: Handler<E['pickingOrderCount']> = async ({ db, params }) => ({
  types: typeCounts(await readyCounts(db, [params.slug]), params.slug),
})

export const pickingCampaignList: Handler<E['pickingCampaignList']> = async ({ db, params }) => {
  const { rows } = await sql<{ code: string; name: string; orders: number | string; units: number | string }>`
    select c.code, c.name, count(*) as orders, sum(${READY_UNITS}) as units
      from campaigns c
      join shops s on s.id = c.shop_id
      join orders o on o.campaign_id = c.id and o.status = 'to_pick'
     where s.slug = ${params.slug}
     group by c.id, c.code, c.name
  `.execute(db)
  const campaigns = rows.map((r) => ({
    code: r.code,
    name: r.name,
    orders: Number(r.orders),
    units: Number(r.units),
  }))
  return { campaigns: campaigns.sort((a, b) => byName.compare(a.name, b.name)) }
}

interface PrintTarget {
  slug: string
  pickingType?: PickingType
  campaignCode?: string
  limit: number | undefined
}

type PrintCtx = Pick<HandlerContext<E['pickingPrint']>, 'db' | 'deps' | 'request' | 'user'>

interface Claimed {
  claimed: boolean
  shop: { id: number; code: string } | null
  campaign: { id: number; code: string } | null
}

async function print(ctx: PrintCtx, target: PrintTarget): Promise<PickingPrint> {
  const userId = ctx.user.id
  const key = await requestKeyOf(ctx.db, ctx.request, userId)
  const batch = await ctx.db.transaction().execute(async (trx) => {
    // One statement: the key claimed, the shop and the campaign looked up.
    const { rows } = await sql<Claimed>`
      select ${claimColumn(key)} as claimed,
        (select json_build_object('id', s.id, 'code', s.code) from shops s where s.slug = ${target.slug}) as shop,
        (select json_build_object('id', c.id, 'code', c.code) from campaigns c join shops s on s.id = c.shop_id
          where s.slug = ${target.slug} and lower(c.code) = lower(${target.campaignCode ?? null}::text)) as campaign
    `.execute(trx)
    const { claimed, shop, campaign } = rows[0] as Claimed
    if (key && !claimed) {
      // The key's batch, printed again but not a new print: nothing claimed, nothing logged.
      const made = await replayed<{ batchId: number }>(trx, key, PICKING_PRINT_MESSAGES.keyReused)
      return (await findBatch(trx, { id: made.batchId })) as BatchRow
    }
    if (!shop) throw notFound()
    if (target.campaignCode !== undefined && !campaign)
      throw notFound(PICKING_PRINT_MESSAGES.unknownCampaign(target.campaignCode))
    const made = await claimBatch(trx, {
      shop,
      ...(target.pickingType && { pickingType: target.pickingType }),
      ...(campaign && { campaign }),
      limit: target.limit ?? DEFAULT_PICKING_ORDERS,
      userId,
    })
    const row = (await findBatch(trx, { id: made.id })) as BatchRow
    await logPrint(trx, row, [pickListTitle(row.name)], userId, false)
    await storeOutcome(trx, key, 200, { batchId: made.id })
    return row
  })
  return printAnswer(ctx, batch)
}

function printAnswer(ctx: Pick<PrintCtx, 'deps' | 'request'>, batch: BatchRow): PickingPrint {
  const spec = { kind: 'pick-list', args: { batchId: batch.id } } as const
  return {
    batch: batchSummary(batch),
    elements: [issue(ctx.request, ctx.deps, spec, pickListTitle(batch.name))],
  }
}

export const pickingPrint: Handler<E['pickingPrint']> = (ctx) =>
  print(ctx, { slug: ctx.params.slug, pickingType: ctx.params.pickingType, limit: ctx.query.limit })

export const pickingPrintCampaign: Handler<E['pickingPrintCampaign']> = (ctx) =>
  print(ctx, { slug: ctx.params.slug, campaignCode: ctx.params.campaign, limit: ctx.query.limit })

export const pickingReprint: Handler<E['pickingReprint']> = async (ctx) => {
  const { db, params, user } = ctx
  const batch = await findBatch(db, { name: params.pickingName })
  if (!batch) throw notFound(SESSION_MESSAGES.unknownBatch(params.pickingName.trim()))
  if (!user.shops.includes(batch.shop)) throw forbidden(MESSAGES.shopForbidden(batch.shop))
  await logPrint(db, batch, [pickListTitle(batch.name)], user.id, true)
  return printAnswer(ctx, batch)
}

export const pickingCommandsSheet: Handler<E['pickingCommandsSheet']> = async ({ deps, request }) =>
  issue(request, deps, { kind: 'picking-commands', args: {} }, PICKING_COMMANDS_TITLE)
