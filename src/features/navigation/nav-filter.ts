import type { NavGroup, NavItem } from './nav-config.ts'

/**
 * docs/specification.md §2.4 Filtering (the warehouse-role reading of docs/specification.md §6):
 * - disabled items are removed;
 * - an item that lists roles stays only when the user holds at least one of them; an item without
 *   roles (absent or empty list) has no requirement;
 * - children are filtered the same way, recursively; a parent whose children were all removed is
 *   removed too (a parent that never had children is an ordinary item);
 * - sections left empty are removed.
 *
 * roles are the names in userAccess.warehouse.roles, compared exactly; names that are not warehouse
 * roles simply match nothing. null/undefined (no warehouse access) holds no role, so every item
 * that requires one is removed. The input is not modified.
 */
export function filterNav(
  groups: readonly NavGroup[],
  roles: readonly string[] | null | undefined,
): NavGroup[] {
  const held = new Set(roles ?? [])
  const result: NavGroup[] = []
  for (const group of groups) {
    const items = filterItems(group.items, held)
    if (items.length > 0) result.push({ ...group, items })
  }
  return result
}

function filterItems(items: readonly NavItem[], held: ReadonlySet<string>): NavItem[] {
  const kept: NavItem[] = []
  for (const item of items) {
    if (item.disabled) continue
    if (item.roles && item.roles.length > 0 && !item.roles.some((role) => held.has(role))) continue
    if (item.children === undefined) {
      kept.push({ ...item })
      continue
    }
    const children = filterItems(item.children, held)
    if (item.children.length > 0 && children.length === 0) continue
    kept.push({ ...item, children })
  }
  return kept
}
