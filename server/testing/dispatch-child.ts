/**
 * A dispatcher in a process of its own, for the crash test (server/webhooks/crash.test.ts): one
 * round against the PostgreSQL database named on the command line, with a short lease. The test
 * kills it while its delivery is in flight.
 *   node --import tsx server/testing/dispatch-child.ts <database url> <lease ms>
 */
import { postgresDatabase } from '../db/connect.ts'
import { dispatchOnce } from '../webhooks/dispatcher.ts'

const [url, lease] = process.argv.slice(2)
const db = postgresDatabase(url!, 2)
await dispatchOnce(db, { leaseMs: Number(lease) })
await db.destroy()
