/**
 * Issue 15: malformed input generated from the OpenAPI document, for every operation (variants:
 * server/testing/bad-input-variants.ts). Whatever a caller sends, the answer is never a 5xx, and
 * every refusal is the contract's error shape with a French message: what the PWA shows the worker
 * as is.
 */
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiErrorBodySchema, ERROR_CODES } from '../../contract/errors.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { openApiDocument } from '../../contract/openapi.ts'
import { bearer, createTestApp, type TestApp, tokenFor } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import {
  DEMO_SHOP,
  type Operation,
  operationsOf,
  type Variant,
  variantsOf,
} from '../testing/bad-input-variants.ts'
import { MESSAGES } from './errors.ts'
import { FRAMEWORK_MESSAGES } from './framework-errors.ts'
import { badText } from './validate.ts' // which also sets zod's messages in French, as the server does

/** Words of the English texts Fastify, zod and Node answer with; none is French. */
const ENGLISH =
  /\b(must|expected|invalid|unexpected|request|route|not found|body|required|received|bad request|payload|too large|unsupported|media type|cannot|should|error|malformed|missing|unknown)\b/i
const looksFrench = (message: string) => message.trim() !== '' && !ENGLISH.test(message)

const document = openApiDocument(endpoints, { title: 'Entrepôt API', version: '1' })
const operations = operationsOf(document as Parameters<typeof operationsOf>[0])
const CODES = new Set<string>(Object.values(ERROR_CODES))
/** Variants run this many at a time: PGlite runs one statement at a time, parsing overlaps it. */
const CHUNK = 8

/**
 * Rows of the test's database, by the field names that name them: a variant's other fields then
 * find their rows, and it gets past the look-up to the code that uses what it broke.
 */
async function demoValues({ app, db }: TestApp, authorization: string): Promise<Record<string, string>> {
  const order = await db
    .selectFrom('orders')
    .select(['name', 'tracking_number'])
    .where('tracking_number', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const batch = await db.selectFrom('picking_batches').select('name').orderBy('id').executeTakeFirst()
  const slips = await db.selectFrom('carrier_slip_groups').select('code').orderBy('id').executeTakeFirst()
  const back = await db.selectFrom('returns').select('number').orderBy('id').executeTakeFirst()
  const tracking = order.tracking_number ?? ''
  // A picking session of the demo user's own: the pick and close variants get past its owner check.
  const session = await app.inject({
    method: 'POST',
    url: '/rest/picking-session/create',
    headers: { authorization, 'idempotency-key': randomUUID() },
    payload: { shop: DEMO_SHOP, pickingType: 'mono_classic', limit: 1 },
  })
  const { id, tasks } = session.json<{ id: number; tasks: { id: number }[] }>()
  return {
    id: String(id),
    taskId: String(tasks[0]?.id),
    order: order.name,
    orderName: order.name,
    trackingNumber: tracking,
    trackingNumbers: tracking,
    package: tracking,
    campaign: 'noel',
    ...(batch && { pickingName: batch.name }),
    ...(slips && { carrierSlipGroup: slips.code }),
    ...(back && { number: back.number }),
  }
}

/** What is wrong with one answer, or null. */
function problem(variant: Variant, status: number, text: string): string | null {
  if (status >= 500) return 'réponse 5xx'
  if (status < 400 || variant.method === 'HEAD') return null // HEAD answers carry no body
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'corps non JSON'
  }
  const parsed = apiErrorBodySchema.safeParse(body)
  // The schema lets unknown keys through: Fastify's own {statusCode, error, …} would pass it.
  const extra = Object.keys(body as object).filter((key) => !(key in apiErrorBodySchema.shape))
  if (!parsed.success || extra.length > 0) return 'hors de la forme {code, message, fieldErrors?}'
  if (!CODES.has(parsed.data.code)) return `code hors du contrat : ${parsed.data.code}`
  const texts = [parsed.data.message, ...Object.values(parsed.data.fieldErrors ?? {}).flat()]
  const english = texts.find((t) => !looksFrench(t))
  return english === undefined ? null : `message non français : ${english}`
}

describe('bad input generated from the OpenAPI document', () => {
  let t: TestApp
  let authorization: string
  /** The shop API's operations take a shop's key, not a staff token (issue 33). */
  let keyAuthorization: string
  let demo: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp()
    authorization = bearer(await tokenFor(t.app, 'demo')).authorization
    keyAuthorization = bearer(await shopKeyFor(t.app, t.db, DEMO_SHOP)).authorization
    demo = await demoValues(t, authorization)
  })
  afterAll(() => t.close())

  async function run(op: Operation): Promise<string[]> {
    const shopKey = (endpoints as Record<string, { auth: string }>)[op.name]?.auth === 'shopKey'
    // Signing out ends the token it is sent with: a token of its own, so the others stay signed in.
    const staff = op.name === 'logout' ? bearer(await tokenFor(t.app, 'demo')).authorization : authorization
    const variants = variantsOf(op, { authorization: shopKey ? keyAuthorization : staff, demo })
    const failures: string[] = []
    for (let i = 0; i < variants.length; i += CHUNK) {
      await Promise.all(
        variants.slice(i, i + CHUNK).map(async (v) => {
          const res = await t.app.inject({
            method: v.method as 'GET',
            url: v.url,
            headers: v.headers,
            ...(v.payload !== undefined && { payload: v.payload }),
          })
          const found = problem(v, res.statusCode, res.body)
          if (found)
            failures.push(
              `- ${v.name} (${v.method} ${v.url.slice(0, 120)}): ${res.statusCode} ${found}\n    ${res.body.slice(0, 300)}`,
            )
        }),
      )
    }
    return failures
  }

  for (const op of operations)
    it(`${op.name}: ${op.method} ${op.path}`, { timeout: 60_000 }, async () => {
      const failures = await run(op)
      expect(
        failures,
        `${failures.length} variant(s) of ${op.name} answered wrong:\n${failures.join('\n')}`,
      ).toEqual([])
    })

  it('sends at least 15 variants, of every family, to every operation of the endpoint table', () => {
    expect(operations.map((op) => op.name).sort()).toEqual(Object.keys(endpoints).sort())
    for (const op of operations) {
      const names = variantsOf(op, { authorization: 'Bearer x' }).map((v) => v.name)
      expect(names.length, op.name).toBeGreaterThanOrEqual(15)
      expect(new Set(names).size, `${op.name}: variant names are unique`).toBe(names.length)
      const families = [
        'corps de plus de 1 Mio',
        'sans type de contenu',
        'JSON invalide {"champ":',
        'imbrication de 1 500 objets',
        '?champ=1&champ=2',
        ...(op.idempotent ? ['Idempotency-Key vide', 'Idempotency-Key non ASCII'] : []),
        ...(op.body?.mime === 'application/json' ? ['corps null', 'clé NUL'] : []),
      ]
      for (const family of families) expect(names, `${op.name}: ${family}`).toContain(family)
      const pathTrick = names.some((n) => /^(chemin|\{\w+\}): %E0%A4%A$/.test(n))
      expect(pathTrick, `${op.name}: path tricks`).toBe(true)
    }
  })

  it('serves the very document the variants were generated from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/openapi.json' })
    expect(res.json().paths).toEqual(JSON.parse(JSON.stringify(document.paths)))
  })

  it('tells a 5xx, an English message and an answer off the error shape apart from a good refusal', () => {
    const post: Variant = { name: '', method: 'POST', url: '', headers: {} }
    const cases: [number, string, RegExp | null][] = [
      [
        415,
        '{"statusCode":415,"code":"FST_ERR_CTP_INVALID_MEDIA_TYPE","message":"Unsupported Media Type"}',
        /forme/,
      ],
      [400, '{"statusCode":400,"code":"bad_request","message":"Requête invalide."}', /forme/],
      [400, '{"error":"Requête invalide."}', /forme/],
      [400, '{"code":"FST_ERR_BAD_URL","message":"Adresse invalide."}', /code hors/],
      [400, '{"code":"bad_request","message":"Bad Request"}', /non français/],
      [
        400,
        '{"code":"bad_request","message":"Requête invalide.","fieldErrors":{"a":["Invalid input"]}}',
        /non français/,
      ],
      [400, 'Bad Request', /non JSON/],
      [500, '{"code":"internal","message":"Erreur interne du serveur."}', /5xx/],
      [400, '{"code":"bad_request","message":"Requête invalide.","fieldErrors":{"a":["Trop grand"]}}', null],
      [200, 'anything', null],
    ]
    for (const [status, body, expected] of cases)
      if (expected) expect(problem(post, status, body), body).toMatch(expected)
      else expect(problem(post, status, body), body).toBeNull()
  })

  it('scans a body nested 100,000 levels deep for NUL characters in linear time', () => {
    // Found by the nesting variants: the scan copied the path at each level, and a 600 KB sign-in
    // body (no token needed) held the server for minutes. Linear, it takes milliseconds.
    const depth = 100_000
    const body: unknown = JSON.parse(`{"champ":${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)}}`)
    const started = performance.now()
    expect(badText(body)?.field).toBe(['champ', ...Array<string>(depth).fill('a')].join('.'))
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('answers an unknown route with a French 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest/inconnue', headers: { authorization } })
    expect(res.statusCode).toBe(404)
    expect(problem({ name: '', method: 'POST', url: '', headers: {} }, 404, res.body)).toBeNull()
  })
})

describe('looksFrench', () => {
  /** Quoted texts with a French accent in the contract and the server: the messages users read. */
  function frenchLiterals(folder: string): string[] {
    const dir = fileURLToPath(new URL(`../../${folder}/`, import.meta.url))
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap(
        (f) => readFileSync(join(dir, f), 'utf8').match(/(['"`])[^'"`\n]*[éèêàçôùî«][^'"`\n]*\1/g) ?? [],
      )
      .map((literal) => literal.slice(1, -1).replaceAll(/\$\{[^}]*\}/g, '…')) // code, not text
  }

  it('takes every French message of the server, the contract and zod as French', () => {
    const zodMessages = (
      [
        [z.string(), 1],
        [z.int(), 1.5],
        [z.int().check(z.positive()), -1],
        [z.string().check(z.maxLength(2)), 'abc'],
        [z.enum(['mono', 'multi']), 'x'],
        [z.object({ code: z.string() }), {}],
        [z.strictObject({}), { champ: 1 }],
        [z.iso.datetime(), 'x'],
      ] as const
    ).map(([schema, input]) => schema.safeParse(input).error?.issues[0]?.message ?? '')
    const messages = [
      ...Object.values(MESSAGES).map((m) => (typeof m === 'function' ? m('maison-lumiere') : m)),
      ...Object.values(FRAMEWORK_MESSAGES),
      ...frenchLiterals('contract'),
      ...frenchLiterals('server'),
      ...zodMessages,
    ]
    expect(messages.length).toBeGreaterThan(250)
    expect(messages.filter((m) => !looksFrench(m))).toEqual([])
  })

  it('refuses the English of Fastify, zod and Node', () => {
    for (const english of [
      'Bad Request',
      'Route POST:/rest/x not found',
      "Body cannot be empty when content-type is set to 'application/json'",
      'Unsupported Media Type',
      'Request body is too large',
      'Invalid input: expected string, received number',
      'Unexpected end of JSON input',
      "body must have required property 'code'",
      'Payload Too Large',
      '',
    ])
      expect(looksFrench(english), english).toBe(false)
  })
})
