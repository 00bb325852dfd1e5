/**
 * The home page's tasks (issue 31): the screens the user's roles open, first, as tiles. SPEC §2.4
 * keeps 'Réception', 'Inventaire' and 'Rebut' disabled in the menu (their screens are per shop, or
 * warehouse-wide under another path), so a stock worker's menu shows only 'Transfert'; the home page
 * leads to all of them. Also where a kept draft (a scan-first screen's work in progress) resumes.
 */
import { buildNavData, NAV_PATHS, type NavIconKey } from './nav-config.ts'

export interface MyTask {
  title: string
  icon: NavIconKey
  /** The screen; with `$shopSlug` when it is per shop (one link per shop of the user). */
  path: string
}

/** The menu's disabled stock items and the screens that do the work (SPEC §2.1 routes). */
const SCREEN_OF_DISABLED: Partial<Record<string, string>> = {
  [NAV_PATHS.reception]: '/shop/$shopSlug/reception',
  [NAV_PATHS.inventory]: NAV_PATHS.inventory,
  [NAV_PATHS.rebut]: '/shop/$shopSlug/rebut',
}

/** The user's tasks in the menu's order: every screen one of their roles opens. */
/** `roles`: the user's warehouse roles as the access answer gives them (unknown ones are ignored). */
export function myTasks(roles: readonly string[] | undefined, isDev = false): MyTask[] {
  const held = new Set<string>(roles ?? [])
  const tasks: MyTask[] = []
  for (const group of buildNavData({ isDev, pickingBadge: 0 })) {
    for (const item of group.items) {
      if (!item.roles?.some((role) => held.has(role))) continue
      const path = item.disabled ? SCREEN_OF_DISABLED[item.path] : item.path
      if (path) tasks.push({ title: item.title, icon: item.icon as NavIconKey, path })
    }
  }
  return tasks
}

export const isPerShop = (path: string) => path.includes('$shopSlug')

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
