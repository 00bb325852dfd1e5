/**
 * The home page's tasks (issue 31): the screens the user's roles open, first, as tiles. docs/specification.md §2.4
 * keeps 'Réception', 'Inventaire' and 'Rebut' disabled in the menu (their screens are per shop, or
 * warehouse-wide under another path), so a stock worker's menu shows only 'Transfert'; the home page
 * leads to all of them. Where a kept draft resumes: draft-task.ts (off the first screen).
 */
import { buildNavData, NAV_PATHS } from './nav-config.ts'

export interface MyTask {
  title: string
  /** The screen; with `$shopSlug` when it is per shop (one link per shop of the user). */
  path: string
  /** The menu item's path, which names its icon (app/layout/nav-icons.tsx). */
  menuPath: string
}

/** The menu's disabled stock items and the screens that do the work (docs/specification.md §2.1 routes). */
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
      if (path) tasks.push({ title: item.title, path, menuPath: item.path })
    }
  }
  return tasks
}

export const isPerShop = (path: string) => path.includes('$shopSlug')
