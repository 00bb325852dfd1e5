import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod/mini'
import type { ResponseOf } from './endpoint.ts'
import { endpoints } from './endpoints.ts'
import { apiErrorBodySchema, type ApiErrorBody } from './errors.ts'
import * as calls from './light-calls.ts'
import { lightApiErrorBody, lightRoutes, type lightAnswers } from './light-calls.ts'
import type { Check } from './light-check.ts'

/**
 * The light calls are the contract's endpoints without zod: same route, and an answer check that
 * accepts, refuses and returns exactly what the endpoint's zod schema does. Proved here on every
 * answer the server gives in the tests' fixtures' shapes, and on each of them broken one place at a
 * time: every key dropped, every value swapped for each odd value, unknown keys (`__proto__` too).
 */

type Name = keyof typeof lightRoutes
const names = Object.keys(lightRoutes) as Name[]

/** Odd values a JSON answer (or a missing one) can hold. */
const ODD: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x',
  'label',
  '-----BEGIN CERTIFICATE-----',
  [],
  ['x'],
  [{}],
  {},
  { x: 1 },
]

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value, then the value broken at one place, for every place. */
function* variants(value: unknown): Generator<unknown> {
  yield value
  yield* ODD
  if (Array.isArray(value)) {
    yield []
    yield [...value, ...value]
    for (let i = 0; i < value.length; i++)
      for (const item of variants(value[i])) yield value.map((old, j) => (j === i ? item : old))
  } else if (isObject(value)) {
    yield { ...value, unknownKey: 'dropped' }
    // A JSON `__proto__` key is an own property, which a copy must not turn into a prototype.
    yield JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(value).slice(1)}`.replace(',}', '}'))
    for (const key of Object.keys(value)) {
      const { [key]: _dropped, ...rest } = value
      yield rest
      for (const item of variants(value[key])) yield { ...value, [key]: item }
    }
  }
}

/** Answers as the reference server gives them: each one complete, and one with only what is required. */
const SAMPLES: Record<Name, readonly unknown[]> = {
  loginCheck: [
    { token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', device: 'AAAAAAAAAAAAAAAAAAAAAA.sig' },
    { token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' },
  ],
  logout: [undefined],
  userAccess: [
    {
      warehouse: { roles: ['Picking', 'Print', 'NewRole'] },
      shops: [
        { slug: 'maison-lumiere', name: 'Maison Lumière', orderCount: 12 },
        { slug: 'atelier-velo', name: 'Atelier Vélo' },
      ],
      debug: true,
      adminUrl: 'https://admin.example.fr',
      user: { username: 'demo', displayName: 'Démo Entrepôt', email: 'demo@example.fr', photoURL: '/p.png' },
    },
    { warehouse: null, shops: [], debug: false },
    {
      shops: [{ slug: 's', name: 'S', orderCount: 0 }],
      debug: false,
      user: { username: 'u', displayName: 'U', email: '' },
    },
  ],
  reportUserIp: [{ ip: '192.168.1.20' }],
  computerExists: [undefined],
  printerList: [
    [
      { name: 'Zebra ZD421', use: 'label' },
      { name: 'HP LaserJet A4', use: 'a4' },
    ],
    [],
  ],
  qzCertificate: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'],
  qzSign: ['c2lnbmF0dXJl'],
  setupStatus: [{ needsFirstAdmin: true }, { needsFirstAdmin: false }],
}

const ERROR_SAMPLES: readonly unknown[] = [
  {
    code: 'bad_request',
    message: 'Requête invalide.',
    fieldErrors: {
      username: ['Identifiant obligatoire'],
      password: ['Mot de passe obligatoire', 'Trop long'],
    },
    retryable: true,
    order: '100023',
    putBack: 'A-01-01-01',
  },
  { code: 'not_found', message: 'Introuvable.' },
  { code: 'bad_request', message: 'x', fieldErrors: {} },
]

/** What the HTTP client reads of a parse: whether it succeeded and, when it did, the value. */
const outcome = (result: { success: boolean; data?: unknown }) =>
  result.success ? { success: true, data: result.data } : { success: false }

function expectSameAsZod(
  light: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  zod: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  samples: readonly unknown[],
) {
  let cases = 0
  let accepted = 0
  for (const sample of samples) {
    for (const value of variants(sample)) {
      const expected = outcome(zod.safeParse(value))
      expect(outcome(light.safeParse(value)), JSON.stringify(value)).toStrictEqual(expected)
      cases += 1
      if (expected.success) accepted += 1
    }
  }
  // Both ways are exercised: many answers are refused, and more than the samples themselves accepted.
  expect(accepted).toBeGreaterThan(samples.length)
  expect(cases - accepted).toBeGreaterThan(samples.length * 10)
}

describe('light calls (the first screen calls the contract without zod)', () => {
  it.each(names)('%s has the route of the endpoint it stands for', (name) => {
    const { method, path, auth, bodyType, responseType } = endpoints[name]
    expect({ method, path, auth, bodyType, responseType }).toEqual(lightRoutes[name])
    const call = calls[`${name}Call`]
    expect({ ...call, response: undefined }).toEqual({ ...lightRoutes[name], response: undefined })
  })

  const answeredWithoutShape = ['computerExists', 'logout', 'qzCertificate', 'qzSign'] as const
  it.each(names.filter((name) => !(answeredWithoutShape as readonly string[]).includes(name)))(
    "%s's answer check accepts, refuses and returns what the zod schema does",
    (name) => {
      expectSameAsZod(calls[`${name}Call`].response, endpoints[name].response, SAMPLES[name])
    },
  )

  it.each(answeredWithoutShape)("%s's answer check agrees with the zod schema", (name) => {
    for (const value of [...SAMPLES[name], ...ODD]) {
      const expected = outcome(endpoints[name].response.safeParse(value))
      expect(outcome(calls[`${name}Call`].response.safeParse(value))).toStrictEqual(expected)
    }
  })

  it('the error body check accepts, refuses and returns what apiErrorBodySchema does', () => {
    expectSameAsZod(lightApiErrorBody, apiErrorBodySchema, ERROR_SAMPLES)
  })

  it('the checks give the types the zod schemas give', () => {
    type Out<C> = C extends Check<infer T> ? T : never
    expectTypeOf<Out<typeof lightAnswers.loginCheck>>().toEqualTypeOf<
      ResponseOf<typeof endpoints.loginCheck>
    >()
    expectTypeOf<Out<typeof lightAnswers.userAccess>>().toEqualTypeOf<
      ResponseOf<typeof endpoints.userAccess>
    >()
    expectTypeOf<Out<typeof lightAnswers.reportUserIp>>().toEqualTypeOf<
      ResponseOf<typeof endpoints.reportUserIp>
    >()
    expectTypeOf<Out<typeof lightAnswers.printerList>>().toEqualTypeOf<
      ResponseOf<typeof endpoints.printerList>
    >()
    expectTypeOf<Out<typeof lightAnswers.qzSign>>().toEqualTypeOf<ResponseOf<typeof endpoints.qzSign>>()
    expectTypeOf<Out<typeof lightAnswers.setupStatus>>().toEqualTypeOf<
      ResponseOf<typeof endpoints.setupStatus>
    >()
    expectTypeOf(lightApiErrorBody.safeParse).returns.toEqualTypeOf<
      { success: true; data: ApiErrorBody } | { success: false }
    >()
  })
})

describe('checkLoginForm, the sign-in form without zod', () => {
  // Messages included: the form must say what the server would.
  const schema = endpoints.loginCheck.body
  const texts = [
    '',
    ' ',
    '  \t ',
    'demo',
    ' demo ',
    'é🙂',
    'x'.repeat(180),
    ` ${'x'.repeat(180)} `,
    'x'.repeat(181),
  ]
  const passwords = ['', ' ', 'demo', 'y'.repeat(4096), 'y'.repeat(4097)]

  it.each(texts.flatMap((username) => passwords.map((password) => [username, password] as const)))(
    'agrees with the schema on %j / a password of %# ',
    (username, password) => {
      const light = calls.checkLoginForm(username, password)
      const zod = schema.safeParse({ username, password })
      if (zod.success) expect(light).toEqual({ success: true, data: zod.data })
      else expect(light).toEqual({ success: false, fieldErrors: z.flattenError(zod.error).fieldErrors })
    },
  )
})
