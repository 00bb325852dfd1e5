/**
 * The one door (README.md beside this file): the adapter for a shop's platform settings, or null
 * when they do not turn the sending on, the default. `deliver` runs it through a `send`.
 */
import { checkSettings } from './settings.ts'
import { shopifyAdapter } from './shopify.ts'
import type { FulfilmentAdapter } from './types.ts'
import { woocommerceAdapter } from './woocommerce.ts'

export { deliver } from './http-outcome.ts'
export { checkSettings, type PlatformSettings } from './settings.ts'
export type * from './types.ts'
export { shippedOrderFrom } from './types.ts'

/** Null unless the settings say `fulfilment: true` with credentials and an address that pass the checks. */
export function fulfilmentAdapter(settings: unknown): FulfilmentAdapter | null {
  const check = checkSettings(settings)
  if (check.state !== 'on') return null
  const { connection } = check
  return connection.platform === 'shopify' ? shopifyAdapter(connection) : woocommerceAdapter(connection)
}
