/**
 * The shop API's documents (issue 33): its own OpenAPI document (the shop-key calls, nothing of the
 * app's), and the page a shop's developer reads, whose quick start works as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../contract/endpoints.ts'
import { SUBSCRIBABLE_EVENT_TYPES } from '../../contract/index.ts'
import { bearer, createTestApp, type TestApp } from '../testing/app.ts'
import { shopKeyFor } from '../testing/shop-api.ts'
import { QUICK_START } from './reference.ts'

const SHOP_CALLS = Object.entries(endpoints)
  .filter(([, def]) => def.auth === 'shopKey')
  .map(([name]) => name)
  .sort()

describe('the shop API’s documents', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('has an OpenAPI document of its own: every shop-key call, with its key, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      paths: Record<string, Record<string, { operationId: string; security: unknown }>>
    }
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
    expect(ops.map((op) => op.operationId).sort()).toEqual(SHOP_CALLS)
    expect(SHOP_CALLS.length).toBeGreaterThanOrEqual(6)
    expect(ops.every((op) => JSON.stringify(op.security) === '[{"shopKey":[]}]')).toBe(true)
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true)
    // The batch shows its orders' fields, although the server checks each order itself.
    const batch = doc.paths['/api/v1/orders/batch']?.post as unknown as { requestBody: unknown }
    expect(JSON.stringify(batch.requestBody)).toContain('shipTo')
  })

  it('describes under webhooks every event an endpoint may ask for, with its data as sent', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      webhooks: Record<string, { post: { requestBody: unknown; parameters: { name: string }[] } }>
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([...SUBSCRIBABLE_EVENT_TYPES].sort())
    const shipped = doc.webhooks['order.shipped']!.post
    expect(JSON.stringify(shipped.requestBody)).toContain('trackingNumber')
    expect(shipped.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ])
    const page = (await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).body
    for (const type of SUBSCRIBABLE_EVENT_TYPES) expect(page).toContain(`id="${type}"`)
    expect(page).toContain('data.parcels[].trackingNumber')
    expect(page).toContain('wh.verify(rawBody, headers)')
  })

  it('has a page naming every call with its fields, without any script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    for (const name of SHOP_CALLS) expect(res.body).toContain(`id="${name}"`)
    expect(res.body).toContain('shipTo.postcode')
    expect(res.body).toContain('lines[].sku')
    expect(res.body).not.toContain('<script')
  })

  it('has a quick start whose order goes in as written', async () => {
    const key = bearer(await shopKeyFor(t.app, t.db, 'maison-lumiere'))
    const body = /-d '(\{[\s\S]*?\})'\n/.exec(QUICK_START)?.[1]
    expect(body).toBeDefined()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...key, 'content-type': 'application/json' },
      payload: body,
    })
    expect(created.statusCode).toBe(201)
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/orders/SHOP-1001', headers: key })
    expect(read.json()).toMatchObject({ reference: 'SHOP-1001', status: 'to_pick' })
  })
})
