import type { NavItem } from './nav-config.ts'

/** The path part of a location string: what comes before any '?' (search) or '#' (hash). */
function pathOf(location: string): string {
  const cut = location.search(/[?#]/)
  return cut === -1 ? location : location.slice(0, cut)
}

/** '/a/b/' and '/a/b' name the same page; '/' stays '/'. */
function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' && path.startsWith('/') ? '/' : trimmed
}

/**
 * docs/specification.md §2.4 Active item: active when the current path equals the item path, or (deep matching, the
 * default) starts with the item path followed by '/' or '?'. A search string or hash on the current
 * path is ignored ('/warehouse/picking?shop=x' matches '/warehouse/picking'), and a segment must match
 * whole: '/warehouse/picking' is not active on '/warehouse/picking-session'.
 *
 * Home ('/') is active only on '/' itself (a search string aside), deep matching or not: every
 * path starts with '/'. An empty item path (e.g. a pure external link) is never active.
 */
export function isActivePath(itemPath: string, currentPath: string, deepMatch = true): boolean {
  if (itemPath === '') return false
  const item = trimTrailingSlashes(pathOf(itemPath))
  const current = trimTrailingSlashes(pathOf(currentPath))
  if (current === item) return true
  if (!deepMatch || item === '/') return false
  return current.startsWith(`${item}/`)
}

/**
 * Whether an item is active, or one of its descendants is: the open state of a parent (docs/specification.md §2.4:
 * an open parent closes when the route no longer matches). Honours each item's deepMatch (default true).
 */
export function isItemActive(item: NavItem, currentPath: string): boolean {
  if (isActivePath(item.path, currentPath, item.deepMatch ?? true)) return true
  return (item.children ?? []).some((child) => isItemActive(child, currentPath))
}
