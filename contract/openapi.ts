/**
 * The OpenAPI 3.1 document of an endpoint table, for backend teams implementing the contract
 * elsewhere. Built from the same zod schemas the server validates with: request parts are
 * described as accepted (io: 'input'), answers as sent (io: 'output').
 * Not exported from index.ts, so the PWA bundle never carries it.
 */
import { z } from 'zod/mini'
import { type EndpointDef, pathParamNames } from './endpoint.ts'
import { apiErrorBodySchema } from './errors.ts'
import { eventDataSchemas, SUBSCRIBABLE_EVENT_TYPES } from './events.ts'

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
})

function parameters(def: EndpointDef): JsonSchema[] {
  const list: JsonSchema[] = []
  const params = jsonSchema(def.params, 'input')
  const pathProps = (params.properties ?? {}) as Record<string, JsonSchema>
  for (const name of pathParamNames(def.path)) {
    list.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } })
  }
  const query = jsonSchema(def.query, 'input')
  const required = new Set((query.required ?? []) as string[])
  for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
    list.push({ name, in: 'query', required: required.has(name), schema })
  }
  if (def.idempotent) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Client-generated key: a replay answers the first result; a reused key with another body is refused.',
      schema: { type: 'string', maxLength: 200 },
    })
  }
  return list
}

function operation(name: string, def: EndpointDef): JsonSchema {
  const op: JsonSchema = { operationId: name, summary: def.summary, parameters: parameters(def) }
  if (def.bodyType !== 'none') {
    const mime = def.bodyType === 'text' ? 'text/plain' : 'application/json'
    const body = def.bodyDoc ?? def.body
    op.requestBody = { required: true, content: { [mime]: { schema: jsonSchema(body, 'input') } } }
  }
  const responses: JsonSchema = {}
  if (def.responseType === 'none') responses[def.method === 'HEAD' ? '200' : '204'] = { description: 'OK' }
  else {
    const mime = def.responseType === 'text' ? 'text/plain' : 'application/json'
    responses['200'] = {
      description: 'OK',
      content: { [mime]: { schema: jsonSchema(def.response, 'output') } },
    }
  }
  responses['400'] = errorResponse('Malformed request; fieldErrors names the fields')
  if (def.auth === 'user') responses['401'] = errorResponse('Missing, expired or invalid token')
  if (def.auth === 'shopKey') responses['401'] = errorResponse('Missing, revoked or invalid shop API key')
  if (def.auth === 'platform')
    responses['401'] = errorResponse('Missing or invalid platform signature, or no platform set for the shop')
  if ((def.roles || def.warehouse || def.shopParam) && def.auth !== 'platform')
    responses['403'] = errorResponse('Missing role, warehouse access or shop')
  responses.default = errorResponse('Any other error')
  op.responses = responses
  op.security = def.auth === 'user' ? [{ bearerAuth: [] }] : def.auth === 'shopKey' ? [{ shopKey: [] }] : []
  if (def.roles) op['x-roles'] = [...def.roles]
  if (def.warehouse) op['x-warehouse'] = true
  if (def.shopParam) op['x-shop-param'] = def.shopParam
  if (def.idempotent) op['x-idempotent'] = true
  return op
}

export function openApiDocument(
  table: Readonly<Record<string, EndpointDef>>,
  info: { title: string; version: string; description?: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const [name, def] of Object.entries(table)) {
    // The specification's {braced} paths are already OpenAPI's syntax.
    ;(paths[def.path] ??= {})[def.method.toLowerCase()] = operation(name, def)
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorBodySchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        // A shop's key (issue 33), sent as a bearer token: 'Authorization: Bearer sk_…'.
        shopKey: { type: 'http', scheme: 'bearer', bearerFormat: 'shop API key (sk_…)' },
      },
    },
  }
}

/**
 * OpenAPI 3.1's `webhooks` for the events a shop may ask for (issue 34, contract/events.ts): each
 * type's body `{id, type, timestamp, data}` as sent, and the Standard Webhooks headers.
 */
export function webhooksSection(): Record<string, JsonSchema> {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description })
  return Object.fromEntries(
    SUBSCRIBABLE_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: type,
          summary: `The ${type} event`,
          parameters: [
            { name: 'webhook-id', in: 'header', ...header('The event id (evt_…), the same at every retry') },
            { name: 'webhook-timestamp', in: 'header', ...header('Unix seconds of this attempt') },
            {
              name: 'webhook-signature',
              in: 'header',
              ...header('v1,<base64 HMAC-SHA256 of id.timestamp.body>'),
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'timestamp', 'data'],
                  properties: {
                    id: { type: 'string' },
                    type: { const: type },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: jsonSchema(eventDataSchemas[type], 'output'),
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received; anything else is tried again' } },
        },
      },
    ]),
  )
}
