/** Customer returns (issue 14, docs/specification.md §7.6): the reference lists, the shop's side and the warehouse's receipt. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import type { Handler } from '../http/register.ts'
import { announceReturn } from '../returns/announce.ts'
import { receiveReturn } from '../returns/receipt.ts'
import { resolveReturn } from '../returns/resolve.ts'
import { searchReturnable } from '../returns/search.ts'
import { waitingReturns } from '../returns/waiting.ts'

type E = typeof endpoints

/** The active entries of a list, in the order the warehouse set them. */
const list = (db: Db, table: 'return_origins' | 'return_wait_reasons') =>
  db
    .selectFrom(table)
    .select(['id', 'label'])
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute()

export const returnOrderOriginList: Handler<E['returnOrderOriginList']> = async ({ db }) =>
  list(db, 'return_origins')

export const returnOrderWaitReasonList: Handler<E['returnOrderWaitReasonList']> = async ({ db }) =>
  list(db, 'return_wait_reasons')

export const returnSearch: Handler<E['returnSearch']> = async ({ db, params, query }) => ({
  orders: await searchReturnable(db, params.slugShop, query.q),
})

export const returnAnnounce: Handler<E['returnAnnounce']> = async (ctx) =>
  announceReturn(ctx, ctx.params.slugShop, ctx.body)

export const orderReturn: Handler<E['orderReturn']> = async (ctx) => receiveReturn(ctx, ctx.body)

export const returnWaitingList: Handler<E['returnWaitingList']> = async ({ db, user }) =>
  waitingReturns(db, user)

export const returnResolve: Handler<E['returnResolve']> = async (ctx) =>
  resolveReturn(ctx, ctx.params.number, ctx.body)
