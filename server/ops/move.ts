/**
 * `npm run db:move -- --to "$DATABASE_URL"` (docs/operations.md, 'Moving to PostgreSQL'): a site's
 * embedded database (DATA_DIR's PGlite) copied into an empty PostgreSQL database, for a site that
 * outgrew one process.
 *
 * - The target gets its schema, functions and triggers from this release's own migrations (the
 *   same code every site upgrades with), then every table is emptied of what the migrations wrote
 *   and filled with the source's rows: COPY in text form, out of PGlite and into PostgreSQL through
 *   pg-copy-streams, with the triggers off (`session_replication_role = replica`: no event, feed or
 *   foreign-key check fires for rows that are copies), then each sequence set where the source's
 *   stands.
 * - Verified table by table: row count and a checksum of the rows' text (every row's md5, sorted,
 *   hashed), read by both sides in the same settings (UTC, ISO dates).
 * - The source is only read. A target that holds any table is refused, as is a source from an
 *   earlier release (start this release on it once first: it upgrades it).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { postgresDatabase } from '../db/connect.ts'
import { migrateToLatest, migrations } from '../db/migrations.ts'
import { lockDown } from '../db/private-files.ts'

/** The same text for the same row on both sides: dates, times and numbers written alike. */
const SAME_TEXT = `set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1`

export interface MovedTable {
  name: string
  rows: number
}

export interface MoveReport {
  tables: MovedTable[]
  ms: number
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The tables of the public schema, and each one's columns a COPY may write (not the generated ones). */
async function tablesOf(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows } = await query(
    `select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p')
      group by c.relname order by c.relname`,
  )
  return rows as { name: string; columns: string }[]
}

const checksumOf = (table: string) =>
  `select count(*)::bigint as rows, coalesce(md5(string_agg(h, '' order by h)), '') as sum
     from (select md5(t::text) as h from ${quote(table)} t) r`

/** Copies DATA_DIR's embedded database into the empty PostgreSQL database at `targetUrl`. */
export async function moveToPostgres(
  dataDir: string,
  targetUrl: string,
  say: (line: string) => void = console.log,
): Promise<MoveReport> {
  const started = performance.now()
  const dir = join(dataDir, 'pgdata')
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`aucune base embarquée dans ${dir}`)
  const target = new pg.Client({ connectionString: targetUrl })
  await target.connect()
  const source = new PGlite(dir)
  try {
    const taken = await target.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    )
    if ((taken.rows[0]?.n ?? 0) > 0)
      throw new Error(
        `la base cible a déjà ${taken.rows[0]?.n} table(s) : le déplacement ne va que vers une base vide (createdb, puis relancez)`,
      )
    const applied = await source.query<{ name: string }>('select name from kysely_migration')
    const done = new Set(applied.rows.map((r) => r.name))
    const missing = Object.keys(migrations).filter((name) => !done.has(name))
    if (missing.length > 0)
      throw new Error(
        `la base embarquée vient d'une version antérieure (${missing.length} migration(s) à passer) : démarrez une fois cette version sur DATA_DIR (npm start), arrêtez-la, puis relancez le déplacement`,
      )

    say('Schéma, fonctions et déclencheurs créés sur la cible par les migrations de cette version…')
    const db = postgresDatabase(targetUrl, 1)
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }

    await source.exec(SAME_TEXT)
    await target.query(SAME_TEXT)
    const tables = await tablesOf((text) => source.query(text))
    const list = tables.map((t) => quote(t.name)).join(', ')
    await target.query('begin')
    // Copies, not new rows: no trigger (events, change feed, foreign keys) fires for them.
    await target.query(`set local session_replication_role = replica`)
    await target.query(`truncate ${list}`)
    const moved: MovedTable[] = []
    for (const table of tables) {
      const copy = `copy ${quote(table.name)} (${table.columns})`
      const out = await source.query(`${copy} to '/dev/blob'`)
      const blob = out.blob ? Buffer.from(await out.blob.arrayBuffer()) : Buffer.alloc(0)
      await pipeline(Readable.from([blob]), target.query(copyFrom(`${copy} from stdin`)))
      const counted = await source.query<{ n: number }>(`select count(*)::int as n from ${quote(table.name)}`)
      moved.push({ name: table.name, rows: counted.rows[0]?.n ?? 0 })
    }
    // Each sequence where the source's stands: the next id on the target follows the last copied.
    const sequences = await source.query<{ name: string; last: string | null; called: boolean }>(
      `select s.relname as name, q.last_value::text as last, q.last_value is not null as called
         from pg_class s join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
         join pg_sequences q on q.schemaname = 'public' and q.sequencename = s.relname
        where s.relkind = 'S'`,
    )
    for (const seq of sequences.rows)
      if (seq.last !== null)
        await target.query(`select setval($1, $2::bigint, true)`, [quote(seq.name), seq.last])
    await target.query('commit')

    say('Vérification : lignes et somme de contrôle de chaque table…')
    for (const table of moved) {
      const [a, b] = await Promise.all([
        source.query<{ rows: string; sum: string }>(checksumOf(table.name)),
        target.query<{ rows: string; sum: string }>(checksumOf(table.name)),
      ])
      const from = a.rows[0]
      const to = b.rows[0]
      if (String(from?.rows) !== String(to?.rows) || from?.sum !== to?.sum)
        throw new Error(
          `table ${table.name} : ${from?.rows} ligne(s) dans la source, ${to?.rows} dans la cible (sommes ${from?.sum} / ${to?.sum}) ; la cible est à vider avant de recommencer`,
        )
    }
    return { tables: moved, ms: Math.round(performance.now() - started) }
  } catch (error) {
    await target.query('rollback').catch(() => {})
    throw error
  } finally {
    await source.close()
    lockDown(dataDir) // PGlite wrote its files 0666 (db/private-files.ts)
    await target.end()
  }
}
