import type { Shop } from '@contract'
import type { ReactNode } from 'react'
import { messages } from '@/lib/messages'
import { FullScreenMessage } from '@/lib/ui/full-screen-message'
import { findShop, hasWarehouseAccess, useAccess } from '../api.ts'

/** SPEC §2.2: shop screens accept only a slug among the user's shops. */
export function ShopGuard({ slug, children }: { slug: string; children: (shop: Shop) => ReactNode }) {
  const shop = findShop(useAccess(), slug)
  return shop ? children(shop) : <FullScreenMessage inLayout text={messages.errors.accessLoad} />
}

/** SPEC §2.2: warehouse screens need the user's warehouse access object. */
export function WarehouseGuard({ children }: { children: ReactNode }) {
  return hasWarehouseAccess(useAccess()) ? children : <FullScreenMessage inLayout text={messages.errors.accessLoad} />
}
