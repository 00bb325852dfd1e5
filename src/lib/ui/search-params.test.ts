import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { isString, isStringOrInt, optionalSearch } from './search-params.ts'

/** The zod objects the route files used, and the functions that replaced them. */
const PAIRS = [
  ['login', z.object({ redirect: z.optional(z.string()) }), optionalSearch({ redirect: isString })],
  [
    'order search',
    z.object({ q: z.optional(z.union([z.string(), z.int()])), shop: z.optional(z.string()) }),
    optionalSearch({ q: isStringOrInt, shop: isString }),
  ],
  [
    'order detail',
    z.object({ q: z.optional(z.union([z.string(), z.int()])) }),
    optionalSearch({ q: isStringOrInt }),
  ],
  ['location', z.object({ name: z.optional(z.string()) }), optionalSearch({ name: isString })],
  ['product', z.object({ code: z.optional(z.string()) }), optionalSearch({ code: isString })],
] as const

/** What the router's search parser gives (it reads JSON: `?q=100023` is a number), and more. */
const VALUES: readonly unknown[] = [
  undefined,
  '',
  'A-01-01-01',
  '/warehouse/picking?x=1',
  100023,
  0,
  -5,
  1.5,
  2 ** 53,
  Number.NaN,
  true,
  null,
  [],
  ['x'],
  {},
  { a: 1 },
]

function outcome(run: () => unknown) {
  try {
    return { ok: true, value: run() }
  } catch {
    return { ok: false }
  }
}

describe('route search validators', () => {
  it.each(PAIRS)('%s: takes and refuses what its zod object did', (_, schema, validate) => {
    const keys = Object.keys(schema.def.shape)
    const searches: Record<string, unknown>[] = [{}, { other: 'kept out' }]
    for (const key of keys)
      for (const value of VALUES) {
        searches.push({ [key]: value })
        searches.push({
          [key]: value,
          other: 1,
          ...Object.fromEntries(keys.filter((k) => k !== key).map((k) => [k, 'x'])),
        })
      }
    for (const search of searches) {
      expect(
        outcome(() => validate(search)),
        JSON.stringify(search),
      ).toStrictEqual(outcome(() => schema.parse(search)))
    }
  })
})
