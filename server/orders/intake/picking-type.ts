/**
 * An order's picking type, derived from what it holds (issue 33), never sent by a shop: a shop that
 * names the wrong one would put an order in a wave that cannot ship it.
 * - mono: one unit in all, which goes from the shelf straight to its label (docs/outbound.md);
 *   multi otherwise, picked into a tote and packed;
 * - customized: a line carries a customization, made before packing;
 * - gift: otherwise, the order has a gift message, wrapped at packing;
 * - classic: neither.
 * The plain 'mono' and 'multi' of the specification's list are never derived: older orders may hold them.
 */
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, type PickingType } from '../../../contract/index.ts'

/** The six types an order can be derived to: every type but the specification's plain two. */
export const DERIVED_PICKING_TYPES: readonly PickingType[] = [
  ...MONO_PICKING_TYPES,
  ...MULTI_PICKING_TYPES,
].filter((type) => type !== 'mono' && type !== 'multi')

export interface TypedOrder {
  lines: readonly { quantity: number; customization?: unknown }[]
  giftMessage?: string | null
}

export function derivePickingType(order: TypedOrder): PickingType {
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0)
  // The order's checks refuse an order without units before it is typed.
  if (units < 1) throw new Error('an order to type holds at least one unit')
  const size = units === 1 ? 'mono' : 'multi'
  if (order.lines.some((line) => line.customization != null)) return `${size}_customized`
  if (order.giftMessage?.trim()) return `${size}_gift`
  return `${size}_classic`
}
