/** The crates printed so far (server/picking/totes-known.ts): a handheld's offline crate check. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { lastPrintedTote } from '../picking/totes-known.ts'

type E = typeof endpoints

export const pickingTotesKnown: Handler<E['pickingTotesKnown']> = async ({ db }) => ({
  lastPrinted: await lastPrintedTote(db),
})
