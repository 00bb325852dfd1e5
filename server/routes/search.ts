/** The global search's look-up (issue 31): a thin handler over server/search. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { lookup } from '../search/lookup.ts'

export const globalLookup: Handler<(typeof endpoints)['globalLookup']> = async ({ db, user, query }) => ({
  results: await lookup(db, user, query.q),
})
