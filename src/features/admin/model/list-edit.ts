/**
 * An ordered list being edited (scrap reasons, return origins, wait reasons): moved, renamed,
 * added to, retired or brought back, then saved whole, in its new order (PUT /rest/admin/lists/…).
 * Items are never left out of what is saved: the server would retire them silently.
 */
import type { AdminListItem } from '@contract'

export interface DraftItem {
  /** Stable across moves: the server id, or 'new-N' for an item not saved yet. */
  key: string
  id?: number
  label: string
  active: boolean
}

export const draftOf = (items: readonly AdminListItem[]): DraftItem[] =>
  items.map(({ id, label, active }) => ({ key: `id-${id}`, id, label, active }))

/** The item moved one place up (-1) or down (+1); unchanged at either end. */
export function move(items: readonly DraftItem[], index: number, by: -1 | 1): DraftItem[] {
  const to = index + by
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items]
  const next = [...items]
  ;[next[index], next[to]] = [next[to] as DraftItem, next[index] as DraftItem]
  return next
}

export const rename = (items: readonly DraftItem[], index: number, label: string): DraftItem[] =>
  items.map((item, i) => (i === index ? { ...item, label } : item))

export const toggleActive = (items: readonly DraftItem[], index: number): DraftItem[] =>
  items.map((item, i) => (i === index ? { ...item, active: !item.active } : item))

/** A new active item at the end (after the active ones, before the retired ones). */
export function add(items: readonly DraftItem[], label: string, key: string): DraftItem[] {
  const item: DraftItem = { key, label: label.trim(), active: true }
  const firstRetired = items.findIndex((i) => !i.active)
  if (firstRetired === -1) return [...items, item]
  return [...items.slice(0, firstRetired), item, ...items.slice(firstRetired)]
}

/** What PUT /rest/admin/lists/{list} takes: every item, in order, the label trimmed. */
export const toBody = (items: readonly DraftItem[]) => ({
  items: items.map(({ id, label, active }) => ({
    ...(id === undefined ? {} : { id }),
    label: label.trim(),
    active,
  })),
})

/** Whether the draft differs from what the server holds. */
export function isDirty(saved: readonly AdminListItem[], items: readonly DraftItem[]): boolean {
  if (saved.length !== items.length) return true
  return items.some((item, i) => {
    const s = saved[i]
    return !s || s.id !== item.id || s.label !== item.label.trim() || s.active !== item.active
  })
}

/** The first label used twice (any case), as the server refuses it; null when none is. */
export function duplicateLabel(items: readonly DraftItem[]): string | null {
  const seen = new Set<string>()
  for (const item of items) {
    const key = item.label.trim().toLocaleLowerCase('fr')
    if (seen.has(key)) return item.label.trim()
    seen.add(key)
  }
  return null
}
