/**
 * Helpers for a PostgreSQL server reached through a URL (DATABASE_URL, TEST_DATABASE_URL): one
 * statement on a database of that server, and Kysely on another database of it.
 */
import pg from 'pg'
import { type Db, postgresDatabase } from './connect.ts'

/** The same server and user, another database. */
export function databaseUrl(url: string, database: string): string {
  const target = new URL(url)
  target.pathname = `/${database}`
  return target.href
}

/** Runs one statement (CREATE DATABASE cannot run in a pool's transaction) and returns its rows. */
export async function adminQuery(
  url: string,
  statement: string,
  database?: string,
): Promise<Record<string, string>[]> {
  const client = new pg.Client({ connectionString: database ? databaseUrl(url, database) : url })
  await client.connect()
  try {
    return (await client.query(statement)).rows as Record<string, string>[]
  } finally {
    await client.end()
  }
}

export function postgresDb(url: string, database: string, max = 10): Db {
  return postgresDatabase(databaseUrl(url, database), max)
}
