/**
 * Malformed requests for every operation of the OpenAPI document (issue 15), for
 * server/http/bad-input-generated.test.ts. Each operation's variants start from a request its own
 * schemas accept (realistic demo values, so a variant gets as deep as it can: authorisation passed, rows
 * found) and break ONE thing: a field's type, size or presence, the body's syntax or content type,
 * a path segment, a query parameter, the Idempotency-Key. A new endpoint gets its variants from its
 * contract, without a line written here.
 */
import { randomUUID } from 'node:crypto'

/** The part of JSON Schema the contract's schemas use (contract/openapi.ts). */
export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  minItems?: number
}
type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema }
type OpenApiOperation = {
  operationId: string
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  'x-idempotent'?: boolean
}

/** One operation of the document; `path` with its {braced} parameters. */
export type Operation = {
  name: string
  method: string
  path: string
  params: Parameter[]
  body: { mime: string; schema: JsonSchema } | null
  idempotent: boolean
}
export type Variant = {
  name: string
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const [mime, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? []
      return {
        name: op.operationId,
        method: method.toUpperCase(),
        path,
        params: op.parameters.filter((p) => p.in === 'path' || p.in === 'query'),
        body: mime && content ? { mime, schema: content.schema } : null,
        idempotent: op['x-idempotent'] === true,
      }
    }),
  )
}

/** A shop of the demo data: every demo account holds it. */
export const DEMO_SHOP = 'maison-lumiere'
/** Demo values by field name: the request passes the shop check and finds its rows. */
const DEMO_VALUES: Record<string, string> = Object.fromEntries([
  ...['shop', 'slug', 'slugShop'].map((k) => [k, DEMO_SHOP]),
  ...['location', 'locationName', 'locationSlug', 'from'].map((k) => [k, 'A-01-01-01']),
  ['to', 'A-01-01-02'],
])
const PATTERN_CANDIDATES = ['1', 'CAISSE-000001', '10.0.0.1', 'ML-0001']

const kindOf = (s: JsonSchema): string =>
  s.anyOf?.[0] ? kindOf(s.anyOf[0]) : s.type === 'integer' ? 'number' : (s.type ?? typeof s.enum?.[0])

/** The smallest value the schema accepts (1 unit, 1 line), demo values for known names. */
export function sample(s: JsonSchema, name = '', values: Record<string, string> = DEMO_VALUES): unknown {
  if (s.anyOf?.[0]) return sample(s.anyOf[0], name, values)
  if (s.enum) return s.enum[0]
  switch (s.type) {
    case 'integer':
    case 'number':
      return Number(values[name] ?? Math.max(1, s.minimum ?? 1))
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, name, values))
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, sample(p, k, values)]))
  }
  if (s.type === 'boolean') return false
  if (s.format === 'date-time') return new Date().toISOString()
  if (s.format === 'ipv4') return '10.0.0.1'
  const pattern = s.pattern ? new RegExp(s.pattern) : null
  if (pattern) return PATTERN_CANDIDATES.find((c) => pattern.test(c)) ?? 'A'
  const text = values[name] ?? 'ML-0001'
  return text.slice(0, s.maxLength ?? text.length).padEnd(s.minLength ?? 1, 'A')
}

type Field = { path: (string | number)[]; schema: JsonSchema; required: boolean }

/** Every field of a body schema, nested ones included (an array's first item stands for all). */
function fieldsOf(s: JsonSchema, path: (string | number)[] = []): Field[] {
  const inner = s.anyOf?.[0] ?? s
  if (inner.type === 'object')
    return Object.entries(inner.properties ?? {}).flatMap(([k, p]) => [
      { path: [...path, k], schema: p, required: (inner.required ?? []).includes(k) },
      ...fieldsOf(p, [...path, k]),
    ])
  if (inner.type === 'array' && inner.items)
    return [
      { path: [...path, 0], schema: inner.items, required: true },
      ...fieldsOf(inner.items, [...path, 0]),
    ]
  return []
}

const REMOVE = Symbol('remove')
/** A copy of `base` with the value at `path` replaced (or removed). */
function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy: unknown = structuredClone(base)
  let node = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path.at(-1) as string | number
  if (value === REMOVE) delete node[last]
  else node[last] = value
  return copy
}

const HUGE_STRING = 'x'.repeat(100_000)
/** Keys in French: a strict schema's refusal quotes them, and the message must stay French. */
const WRONG = { string: 'texte', number: 42, boolean: true, array: ['texte'], object: { champ: 'texte' } }
/** Past 32 and 53 bits, past any integer, below every minimum, a fraction, numbers as text. */
const NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1, 0, 1.5, 'NaN', 'Infinity', '12']
/** A text field: NUL (PostgreSQL stores none), 100k characters, empty, half a UTF-16 pair. */
const STRINGS = {
  NUL: 'ML\u0000-0001',
  '100k caractères': HUGE_STRING,
  vide: '',
  'UTF-16 isolé': 'ML-\ud800',
}
/** Dates the contract's ISO check lets through but a calendar or a database may not take. */
const DATES = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '1970-01-01T00:00:00Z']
const tenThousand = <T>(item: (i: number) => T): T[] => Array.from({ length: 10_000 }, (_, i) => item(i))
/** `depth` levels of nesting, as text: JSON.stringify itself would recurse. */
const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}1${close.repeat(depth)}`

/** Each field broken in every way its type allows, then the whole body. */
function bodyValues(schema: JsonSchema, base: unknown, values: Record<string, string>): [string, unknown][] {
  const out: [string, unknown][] = []
  for (const { path, schema: s, required } of fieldsOf(schema)) {
    const at = (label: string, value: unknown) =>
      out.push([`${path.join('.')}: ${label}`, setAt(base, path, value)])
    const kind = kindOf(s)
    for (const [k, value] of Object.entries(WRONG)) if (k !== kind) at(k, value)
    at('null', null)
    if (required) at('absent', REMOVE)
    if (kind === 'string') for (const [label, text] of Object.entries(STRINGS)) at(label, text)
    if (s.format === 'date-time') for (const date of DATES) at(date, date)
    if (kind === 'number') for (const n of NUMBERS) at(JSON.stringify(n), n)
    if (kind === 'array') {
      at('[]', [])
      at(
        '10k éléments',
        tenThousand(() => sample(s.items ?? {}, '', values)),
      )
    }
  }
  const plus = (extra: Record<string, unknown>) => ({ ...(base as object), ...extra })
  out.push(
    ['corps null', null],
    ['corps tableau', [base]],
    ['corps nombre', 42],
    ['corps chaîne', 'texte'],
    ['corps {}', {}],
    ['corps de 10k éléments', tenThousand(() => base)],
    ['clé NUL', plus({ 'champ\u0000': 1 })],
    ['champ en plus de 10k éléments', plus({ champ: tenThousand((i) => i) })],
  )
  return out
}

/** A body sent as it is, with its content type: application/json when absent, none when null. */
type Raw = [name: string, payload: string | Buffer, type?: string | null]
const BAD_JSON = ['{"champ":', '{champ:1}', "{'champ':1}", '{"champ":1,}', '', 'nul']
const OTHER_TYPES = ['text/plain', 'application/octet-stream', 'application/json; charset=utf-16', '']
/** Over Fastify's bodyLimit (1 MiB, server/app.ts). */
const OVERSIZED = `{"champ":"${'x'.repeat(1_100_000)}"}`
/**
 * 20,000 levels: enough for a scan that is not linear to show (the NUL scan's path copies took
 * seconds at this depth, minutes at 100,000), little enough to send to every operation.
 */
const DEEPEST = `{"champ":${nested(20_000, '{"a":', '}')}}`
const MULTIPART = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'

/** Bodies sent as they are, whatever the operation takes: syntax, encoding, content type, size. */
function rawBodies(op: Operation, basePayload: string): Raw[] {
  const withMember = (member: string) =>
    basePayload.startsWith('{') && basePayload !== '{}'
      ? `${basePayload.slice(0, -1)},${member}}`
      : `{${member}}`
  // A GET's body is never read: the deepest nesting would only cost time there.
  const deepest = op.method === 'GET' || op.method === 'HEAD' ? [] : [DEEPEST]
  return [
    ['imbrication de 1 500 objets', withMember(`"champ":${nested(1_500, '{"a":', '}')}`)],
    ['imbrication de 1 500 tableaux', withMember(`"champ":${nested(1_500, '[', ']')}`)],
    ...deepest.map((text): Raw => ['imbrication de 20 000 objets', text]),
    ['__proto__', withMember('"__proto__":{"admin":true}')],
    ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
    ...BAD_JSON.map((text): Raw => [`JSON invalide ${text}`, text]),
    ['JSON avec BOM', `\uFEFF${basePayload}`],
    ['JSON en UTF-8 invalide', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
    ...OTHER_TYPES.map((type): Raw => [`type de contenu « ${type} »`, basePayload, type]),
    ['formulaire urlencoded', 'champ=1&champ=2', 'application/x-www-form-urlencoded'],
    ['multipart', MULTIPART, 'multipart/form-data; boundary=x'],
    ['sans type de contenu', basePayload, null],
    ['corps de plus de 1 Mio', OVERSIZED],
  ]
}

/** A path segment: climbing out, encoded slashes and bad encodings, too long, unicode, odd numbers. */
const SEGMENTS = [
  ...'..%2F..%2Fetc%2Fpasswd %2e%2e a%2Fb %E0%A4%A % %C0%AE ML%00-1 %20 2147483648 1.5 -1 1e3'.split(' '),
  encodeURIComponent('é€🙂\u202e'),
]
/** A query parameter: repeated, as an array or object, not a number, NUL, badly encoded, too long. */
const QUERY_VALUES = '=1&{}=2 []=1&{}[]=2 [a]=1 =abc =a%00b =%E0%A4%A =2147483648 =9007199254740993 ='.split(
  ' ',
)
/** Parameters the contract does not know. */
const UNKNOWN_QUERIES = 'champ=1&champ=2 champ[a]=1 %E0%A4%A=1 &&=&= __proto__[champ]=1'.split(' ')

/** An Idempotency-Key far over its 200 characters. */
const TEN_K_KEY = { '10k caractères': 'k'.repeat(10_000) }

export interface VariantOptions {
  authorization: string
  /** Values of the test's database by field name (an order, a tracking number…), over DEMO_VALUES. */
  demo?: Readonly<Record<string, string>>
}

/** Every variant of one operation. */
export function variantsOf(op: Operation, { authorization, demo = {} }: VariantOptions): Variant[] {
  const values = { ...DEMO_VALUES, ...demo }
  const encoded = (p: Parameter) => encodeURIComponent(String(sample(p.schema, p.name, values)))
  const pathValues = Object.fromEntries(
    op.params.filter((p) => p.in === 'path').map((p) => [p.name, encoded(p)]),
  )
  const queryBase = op.params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encoded(p)}`)
  const urlOf = (path = pathValues, query = queryBase, suffix = '') =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '') +
    suffix +
    (query.length ? `?${query.join('&')}` : '')
  const out: Variant[] = []
  // The outbox sends every keyed write with a key: so do the variants, each its own (`noKey`: none).
  const add = (name: string, v: Partial<Variant>, noKey = false) => {
    const key: Record<string, string> = op.idempotent && !noKey ? { 'idempotency-key': randomUUID() } : {}
    const headers = { authorization, ...key, ...v.headers }
    out.push({ name, method: op.method, url: urlOf(), ...v, headers })
  }
  const baseBody = op.body ? sample(op.body.schema, '', values) : undefined
  const basePayload = op.body?.mime === 'application/json' ? JSON.stringify(baseBody) : String(baseBody ?? '')
  const type = op.body ? { 'content-type': op.body.mime } : undefined
  const base: Partial<Variant> = op.body ? { payload: basePayload, headers: type } : {}

  add('référence (valide)', base)
  if (op.body?.mime === 'application/json')
    for (const [name, value] of bodyValues(op.body.schema, baseBody, values))
      add(name, { payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } })
  if (op.body?.mime === 'text/plain')
    for (const [name, text] of Object.entries({ vide: '', NUL: 'a\u0000b', '100k caractères': HUGE_STRING }))
      add(name, { payload: text, headers: { 'content-type': 'text/plain' } })
  for (const [name, payload, type] of rawBodies(op, basePayload))
    add(name, { payload, headers: type === null ? {} : { 'content-type': type ?? 'application/json' } })

  // Each path parameter, or the path itself when it has none.
  const pathNames = Object.keys(pathValues)
  for (const segment of [...SEGMENTS, 'A'.repeat(5_000)]) {
    const label = segment.length > 100 ? `${segment.length} caractères` : segment
    if (pathNames.length === 0) add(`chemin: ${label}`, { url: urlOf(pathValues, queryBase, `/${segment}`) })
    for (const name of pathNames)
      add(`{${name}}: ${label}`, { url: urlOf({ ...pathValues, [name]: segment }) })
  }

  // Each query parameter of the contract, then parameters it does not know.
  for (const p of op.params.filter((q) => q.in === 'query'))
    for (const value of [...QUERY_VALUES, `=${'A'.repeat(5_000)}`]) {
      const others = queryBase.filter((b) => !b.startsWith(`${p.name}=`))
      const query = `${p.name}${value.replaceAll('{}', p.name)}`
      add(`?${query.slice(0, 40)}`, { url: urlOf(pathValues, [...others, query]) })
    }
  for (const query of UNKNOWN_QUERIES) add(`?${query}`, { url: urlOf(pathValues, [...queryBase, query]) })

  if (op.idempotent) {
    // Keys are the user's, across endpoints: each variant its own, or it would replay another's.
    const keys = { vide: '', NUL: 'a\u0000b', 'non ASCII': `clé-é🙂-${randomUUID()}`, ...TEN_K_KEY }
    for (const [label, key] of Object.entries(keys))
      add(`Idempotency-Key ${label}`, { ...base, headers: { ...base.headers, 'idempotency-key': key } })
    add('sans Idempotency-Key', base, true)
  }
  return out
}
