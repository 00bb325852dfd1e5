/** BENCH_PG_STATEMENTS=1 of bench:api:postgres: where the database's time went. */
import pg from 'pg'

/** The statements by total execution time (pg_stat_statements), per call and in all. */
export async function printStatements(url: string): Promise<void> {
  const client = new pg.Client(url)
  await client.connect()
  try {
    await client.query('create extension if not exists pg_stat_statements')
    const { rows } = await client.query<{ calls: string; mean: number; total: number; query: string }>(`
      select calls, mean_exec_time as mean, total_exec_time as total, query
      from pg_stat_statements order by total_exec_time desc limit 15`)
    console.log('statements by database time (pg_stat_statements):')
    for (const r of rows)
      console.log(
        `  ${Math.round(r.total).toString().padStart(7)} ms  ${Number(r.calls).toString().padStart(7)} calls  ` +
          `${(r.mean * 1000).toFixed(0).padStart(5)} µs  ${r.query.replace(/\s+/g, ' ').slice(0, 110)}`,
      )
  } finally {
    await client.end()
  }
}
