/**
 * The search of a screen that can reopen a refused outbox write (`?reopen=<id>`): a route file
 * imports this one small module, not a feature (route files' guards and search are on every start).
 */
export function reopenSearch(search: Record<string, unknown>): { reopen?: number } {
  const id = Number(search.reopen)
  return Number.isInteger(id) && id > 0 ? { reopen: id } : {}
}
