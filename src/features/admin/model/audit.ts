/**
 * The history's entries as a person reads them: which fields a change touched, each value before
 * and after in words. A creation lists what was set, a deletion what was removed; an update only
 * what differs. Ids are the database's business and are left out.
 */
import type { AuditEntry } from '@contract'

export interface FieldChange {
  field: string
  before: string | null
  after: string | null
}

type Snapshot = Record<string, unknown> | null
const HIDDEN = new Set(['id'])

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>, words: ValueWords): FieldChange[] {
  const before: Snapshot = entry.before
  const after: Snapshot = entry.after
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return keys
    .filter((key) => !HIDDEN.has(key))
    .filter((key) => !before || !after || !same(before[key], after[key]))
    .map((key) => ({
      field: key,
      before: before && key in before ? formatValue(before[key], words) : null,
      after: after && key in after ? formatValue(after[key], words) : null,
    }))
}

export interface ValueWords {
  yes: string
  no: string
  nothing: string
  retired: string
}

/**
 * A value in words: yes/no, lists joined with commas, a list item by its label (marked when
 * retired), any other object by its values ('Zebra_ZD421 · label · zpl').
 */
export function formatValue(value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return words.nothing
  if (typeof value === 'boolean') return value ? words.yes : words.no
  if (Array.isArray(value))
    return value.length ? value.map((v) => formatValue(v, words)).join(', ') : words.nothing
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.label === 'string')
      return record.active === false ? `${record.label} (${words.retired})` : record.label
    return Object.entries(record)
      .filter(([key]) => !HIDDEN.has(key))
      .map(([, v]) => formatValue(v, words))
      .join(' · ')
  }
  return String(value)
}
