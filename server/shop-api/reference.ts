/**
 * The shop API's own documents (issue 33), public like /rest/openapi.json: its OpenAPI document
 * (`/api/v1/openapi.json`, the shop-key calls only, generated from the contract as every call is)
 * and a page a shop's developer reads (`/api/v1/docs`): a quick start, then each call with its
 * fields, rendered once at start from that same document. No script on it (the CSP allows none
 * but the app's), nothing fetched.
 */
import type { FastifyInstance } from 'fastify'
import type { EndpointDef } from '../../contract/index.ts'
import { openApiDocument, webhooksSection } from '../../contract/openapi.ts'
import { SHOP_API_DOCUMENTS } from './paths.ts'

type Json = Record<string, unknown>

export function shopApiDocument(table: Readonly<Record<string, EndpointDef>>): Json {
  const shopCalls = Object.fromEntries(Object.entries(table).filter(([, def]) => def.auth === 'shopKey'))
  return {
    ...openApiDocument(shopCalls, {
      title: 'Entrepôt — shop API',
      version: '1',
      description:
        'What a client shop’s systems call, with a key of the shop (Authorization: Bearer sk_…). Errors: {code, message, errors[{field, code, message}]}; messages in English with Accept-Language: en. The events sent to its webhook endpoints are under webhooks, signed the Standard Webhooks way.',
    }),
    webhooks: webhooksSection(),
  }
}

export function registerShopApiReference(app: FastifyInstance, table: Readonly<Record<string, EndpointDef>>) {
  const document = shopApiDocument(table)
  const page = referencePage(document)
  app.get(SHOP_API_DOCUMENTS.openapi, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  )
  app.get(SHOP_API_DOCUMENTS.page, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  )
}

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const QUICK_START = `# 1. A key: the warehouse's administrator makes it in the admin area (shown once).
KEY=sk_…

# 2. An order
curl -X POST "$SITE/api/v1/orders" -H "authorization: Bearer $KEY" -H 'content-type: application/json' -d '{
  "reference": "SHOP-1001",
  "shipTo": { "name": "Eleni Papadopoulou", "line1": "Ermou 12", "postcode": "105 63",
              "city": "Athina", "country": "GR", "phone": "210 323 4567" },
  "lines": [ { "sku": "ML-0001", "quantity": 2 } ]
}'

# 3. Its status, timeline and tracking numbers
curl "$SITE/api/v1/orders/SHOP-1001" -H "authorization: Bearer $KEY"`

/** A JSON schema's fields as rows: name (dotted into objects and lists), type, required. */
function fields(schema: Json | undefined, prefix = '', out: string[][] = [], required = true): string[][] {
  if (!schema) return out
  const type = schema.type
  if (type === 'object' && schema.properties) {
    const needed = new Set((schema.required as string[] | undefined) ?? [])
    for (const [name, child] of Object.entries(schema.properties as Record<string, Json>))
      fields(child, prefix ? `${prefix}.${name}` : name, out, needed.has(name))
    return out
  }
  if (type === 'array' && schema.items && (schema.items as Json).type === 'object') {
    out.push([prefix, 'list', required ? 'yes' : ''])
    return fields(schema.items as Json, `${prefix}[]`, out, true)
  }
  const kind = schema.enum
    ? (schema.enum as unknown[]).join(' | ')
    : String(type ?? (schema.anyOf ? 'one of' : 'any'))
  out.push([prefix, kind, required ? 'yes' : ''])
  return out
}

function table(rows: string[][]): string {
  if (rows.length === 0) return ''
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`).join('')
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th></tr></thead><tbody>${body}</tbody></table>`
}

function referencePage(document: Json): string {
  const sections: string[] = []
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(methods)) {
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => [
        `${String(p.name)} (${String(p.in)})`,
        String((p.schema as Json | undefined)?.type ?? ''),
        p.required ? 'yes' : '',
      ])
      const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
      const body = fields(content?.['application/json']?.schema as Json | undefined)
      const codes = Object.keys((op.responses as Json | undefined) ?? {}).join(', ')
      sections.push(`<section id="${escape(op.operationId)}">
<h2><code>${escape(method.toUpperCase())} ${escape(path)}</code></h2>
<p>${escape(op.summary)}</p>
${params.length ? `<h3>Parameters</h3>${table(params)}` : ''}
${body.length ? `<h3>Body</h3>${table(body)}` : ''}
<p>Answers: ${escape(codes)}. Operation <code>${escape(op.operationId)}</code> in <a href="/api/v1/openapi.json">openapi.json</a>.</p>
</section>`)
    }
  const info = document.info as Json
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
pre{background:#f3f3f6;padding:1rem;overflow:auto}table{border-collapse:collapse;margin:.5rem 0}
td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}code{font-size:.95em}</style>
</head><body>
<h1>${escape(info.title)}</h1>
<p>${escape(info.description)}</p>
<h2>Quick start</h2>
<pre>${escape(QUICK_START)}</pre>
${sections.join('\n')}
${webhookSections(document)}
</body></html>`
}

export const VERIFY_SNIPPET = `import { Webhook } from 'standardwebhooks' // npm i standardwebhooks

const wh = new Webhook(process.env.WAREHOUSE_WEBHOOK_SECRET) // whsec_…, shown once
// With the raw body, before any JSON parsing; throws on a wrong signature or an old timestamp.
const event = wh.verify(rawBody, headers) // { id, type, timestamp, data }
// Answer 2xx within 15 s; drop an event whose id you have seen (a retry).`

/** The events a shop's endpoints get, each with its data's fields, and how to verify them. */
function webhookSections(document: Json): string {
  const hooks = (document.webhooks ?? {}) as Record<string, { post: Json }>
  const sections = Object.entries(hooks).map(([type, { post }]) => {
    const content = (post.requestBody as Json).content as Record<string, Json>
    const schema = content['application/json']?.schema as Json
    return `<section id="${escape(type)}"><h3><code>${escape(type)}</code></h3>${table(fields(schema))}</section>`
  })
  return `<h2 id="webhooks">Webhooks</h2>
<p>POST /api/v1/webhooks registers an endpoint (https, a public address) and answers its secret once. Each event is sent as <code>{id, type, timestamp, data}</code> with the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks), at least once, in order per order, retried for about three days.</p>
<pre>${escape(VERIFY_SNIPPET)}</pre>
${sections.join('\n')}`
}
