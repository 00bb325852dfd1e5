/**
 * The pick-list screens' rules, pure: picking type families, what the worker chose,
 * how many orders may be taken, what can be printed, the idempotency key of a click, and the
 * recent batches of this station. No React, no storage: unit-tested in model.test.ts.
 */
import {
  DEFAULT_PICKING_ORDERS,
  MAX_PICKING_ORDERS,
  MONO_PICKING_TYPES,
  MULTI_PICKING_TYPES,
  PICKING_TYPE_LABELS,
  pickingTypeSchema,
  type CampaignCount,
  type PickingBatch,
  type PickingType,
  type PickingTypeCount,
  type Shop,
} from '@contract'
import { orders, pickingText as t, units } from './text.ts'

export type PickingFamily = 'mono' | 'multi'

export interface TypeGroup {
  family: PickingFamily
  rows: PickingTypeCount[]
}

/**
 * The eight types in their fixed order, mono then multi. A type the server left out counts as
 * zero, so the worker always sees the same eight rows in the same places.
 */
export function groupTypeCounts(types: readonly PickingTypeCount[]): TypeGroup[] {
  const row = (pickingType: PickingType) =>
    types.find((c) => c.pickingType === pickingType) ?? { pickingType, orders: 0, units: 0 }
  return [
    { family: 'mono', rows: MONO_PICKING_TYPES.map(row) },
    { family: 'multi', rows: MULTI_PICKING_TYPES.map(row) },
  ]
}

/** The user's shops: those with orders ready first (in the profile's order), then the others. */
export function sortShops(shops: readonly Shop[]): { ready: Shop[]; empty: Shop[] } {
  const count = (shop: Shop) => shop.orderCount ?? 0
  return { ready: shops.filter((s) => count(s) > 0), empty: shops.filter((s) => count(s) === 0) }
}

/** One type or one campaign: what a print takes orders from. */
export type Choice = { kind: 'type'; pickingType: PickingType } | { kind: 'campaign'; code: string }

/** A choice as a radio value ('type:mono_gift', 'campaign:NOEL'), and back. */
export function choiceValue(choice: Choice): string {
  return choice.kind === 'type' ? `type:${choice.pickingType}` : `campaign:${choice.code}`
}

export function parseChoice(value: string | null | undefined): Choice | null {
  if (!value) return null
  if (value.startsWith('type:')) {
    const type = pickingTypeSchema.safeParse(value.slice(5))
    return type.success ? { kind: 'type', pickingType: type.data } : null
  }
  if (value.startsWith('campaign:') && value.length > 9) return { kind: 'campaign', code: value.slice(9) }
  return null
}

/** The orders ready for a choice, as last counted (0 when unknown). */
export function readyFor(
  choice: Choice | null,
  types: readonly PickingTypeCount[],
  campaigns: readonly CampaignCount[],
): number {
  if (!choice) return 0
  if (choice.kind === 'type') return types.find((c) => c.pickingType === choice.pickingType)?.orders ?? 0
  return campaigns.find((c) => c.code === choice.code)?.orders ?? 0
}

/** The most a list may take: what is ready, within the contract's limit. */
export function maxOrders(ready: number): number {
  return Math.max(1, Math.min(MAX_PICKING_ORDERS, ready))
}

/** The number proposed when a choice is made: the default, or fewer when fewer are ready. */
export function defaultOrders(ready: number): number {
  return ready > 0 ? Math.min(DEFAULT_PICKING_ORDERS, ready, MAX_PICKING_ORDERS) : DEFAULT_PICKING_ORDERS
}

/** The field's value as a number of orders, or the French reason it is not one. */
export function ordersError(value: number | string, ready: number): string | null {
  if (value === '' || value === null || value === undefined) return t.ordersMissing
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n) || !Number.isInteger(n)) return t.ordersWhole
  if (n < 1) return t.ordersMin
  if (n > MAX_PICKING_ORDERS) return t.ordersMax(MAX_PICKING_ORDERS)
  if (ready > 0 && n > ready) return t.ordersReady(ready)
  return null
}

/** A print the server can be asked for. */
export interface PrintTarget {
  choice: Choice
  limit: number
}

/**
 * What 'Imprimer' would print, or why not, field by field (French). Nothing goes to the server
 * for a choice counted empty: the answer would be a 404 and the worker would wait for nothing.
 */
export function printTarget(
  choice: Choice | null,
  value: number | string,
  ready: number,
): { target: PrintTarget } | { choiceError?: string; ordersError?: string } {
  if (!choice) return { choiceError: t.chooseFirst }
  if (ready <= 0) return { choiceError: t.noneReadyFor }
  const error = ordersError(value, ready)
  if (error) return { ordersError: error }
  return { target: { choice, limit: Number(value) } }
}

/** Same shop, same choice, same number: a click that retries the one before. */
export function targetSignature(shop: string, target: PrintTarget): string {
  return `${shop}|${choiceValue(target.choice)}|${target.limit}`
}

/** The idempotency key kept for a click that got no answer, with what it asked. */
export interface PendingKey {
  signature: string
  key: string
}

/**
 * The key of this click: the kept one when it retries the same request (a network failure: the
 * server may have made the batch, and answers it again for that key), a new one otherwise.
 */
export function keyForClick(pending: PendingKey | null, signature: string, newKey: () => string): PendingKey {
  return pending?.signature === signature ? pending : { signature, key: newKey() }
}

/** How many batches this station keeps for reprint. */
export const RECENT_BATCHES = 20

/** The batch first, without an older copy of it, at most RECENT_BATCHES. */
export function addRecentBatch(list: readonly PickingBatch[], batch: PickingBatch): PickingBatch[] {
  return [batch, ...list.filter((b) => b.name !== batch.name)].slice(0, RECENT_BATCHES)
}

/** What the history and the screen name a batch by: its type's label, or its campaign. */
export function batchKind(batch: Pick<PickingBatch, 'pickingType' | 'campaign'>): string {
  if (batch.pickingType) return PICKING_TYPE_LABELS[batch.pickingType]
  return batch.campaign ?? ''
}

/** A batch in one line: 'Mono cadeau · 12 commandes · 14 articles', then `more` (e.g. its date). */
export function batchLine(batch: PickingBatch, ...more: string[]): string {
  return [batchKind(batch), orders(batch.orders), units(batch.units), ...more].filter(Boolean).join(' · ')
}
