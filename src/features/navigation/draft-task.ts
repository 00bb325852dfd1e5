/**
 * Where a kept draft (a scan-first screen's work in progress) resumes, for the home page's
 * 'En attente' (app/home-waiting.tsx). A module of its own: that panel loads after the first screen,
 * and so does this.
 */
import { NAV_PATHS } from './nav-config.ts'
import { isPerShop } from './my-tasks.ts'

/** A kept draft's screen (lib/db DraftRow: screen, scope = shop slug or 'entrepot'). */
const DRAFT_SCREENS: Record<string, { title: string; path: string }> = {
  reception: { title: 'Réception', path: '/shop/$shopSlug/reception' },
  rebut: { title: 'Rebut', path: '/shop/$shopSlug/rebut' },
  inventory: { title: 'Inventaire', path: NAV_PATHS.inventory },
  transfer: { title: 'Transfert / Rangement', path: NAV_PATHS.transfer },
  'picking-session': { title: 'Picking scan', path: NAV_PATHS.pickingSession },
  shipment: { title: 'Expédition', path: NAV_PATHS.shipment },
  packaging: { title: 'Colis', path: NAV_PATHS.packaging },
  'carrier-slip': { title: 'Bordereau transport', path: NAV_PATHS.carrierSlip },
  'order-return': { title: 'Retour', path: NAV_PATHS.orderReturn },
}

export interface DraftTask {
  title: string
  /** The shop's slug for a per-shop screen. */
  shop: string | null
  path: string
}

/** Where a kept draft resumes, or null for a screen the home page does not know. */
export function draftTask(draft: { screen: string; scope: string }): DraftTask | null {
  const screen = DRAFT_SCREENS[draft.screen]
  if (!screen) return null
  const shop = isPerShop(screen.path) ? draft.scope : null
  return { title: screen.title, shop, path: screen.path }
}
