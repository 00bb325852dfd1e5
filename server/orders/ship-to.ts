/**
 * An order's ship-to address as it is stored (migration 0026: the `ship_*` columns, with the
 * customer's name and e-mail), read in one place for everything that prints or shows it: the
 * carrier label, the packing slip, the manifest, order information. The columns are written by the
 * intake (intake/write.ts `shipToColumns`), so what a shop sent is what the label says.
 */
import { sql } from 'kysely'
import type { Address } from './intake/address.ts'

/** The orders' columns a ship-to is read from, for a select of `orders` (aliased or not). */
export const SHIP_TO_COLUMNS = [
  'customer_name',
  'customer_email',
  'ship_company',
  'ship_line1',
  'ship_line2',
  'ship_line3',
  'ship_postcode',
  'ship_city',
  'ship_region',
  'ship_country',
  'ship_phone',
] as const

export type ShipToRow = { customer_name: string } & Record<
  Exclude<(typeof SHIP_TO_COLUMNS)[number], 'customer_name'>,
  string | null
>

/** The orders' columns of a ship-to, to write: its name and e-mail are the order's customer's. */
export const shipToColumns = (a: Address) => ({
  customer_name: a.name,
  customer_email: a.email ?? null,
  ship_company: a.company ?? null,
  ship_line1: a.line1,
  ship_line2: a.line2 ?? null,
  ship_line3: a.line3 ?? null,
  ship_postcode: a.postcode ?? null,
  ship_city: a.city,
  ship_region: a.region ?? null,
  ship_country: a.country,
  ship_phone: a.phone ?? null,
})

/** The columns of `alias` (e.g. 'o.ship_city'), for a Kysely select. */
export const shipToSelect = <A extends string>(alias: A) =>
  SHIP_TO_COLUMNS.map((column) => `${alias}.${column}` as `${A}.${(typeof SHIP_TO_COLUMNS)[number]}`)

/** The columns of `alias` as one JSON object (a ShipToRow), for a query that builds its answer in JSON. */
export const shipToJson = (alias: string) =>
  sql`json_build_object(${sql.join(SHIP_TO_COLUMNS.flatMap((c) => [sql.lit(c), sql.ref(`${alias}.${c}`)]))})`

/**
 * The address of a row. An order stored before its shop sent addresses has none (a site's orders
 * before migration 0030 were given one): its street and city are empty, which the carrier refuses
 * as incomplete rather than printing a label that cannot travel.
 */
export function shipToOf(row: ShipToRow): Address {
  const address: Address = {
    name: row.customer_name,
    line1: row.ship_line1 ?? '',
    city: row.ship_city ?? '',
    country: row.ship_country ?? 'FR',
  }
  const optional = {
    company: row.ship_company,
    line2: row.ship_line2,
    line3: row.ship_line3,
    postcode: row.ship_postcode,
    region: row.ship_region,
    phone: row.ship_phone,
    email: row.customer_email,
  }
  for (const [field, value] of Object.entries(optional))
    if (value !== null) (address as unknown as Record<string, string>)[field] = value
  return address
}
