/**
 * A shop's webhook receiver for the browser tests (issue 34): a plain HTTP server on loopback that
 * verifies each delivery's Standard Webhooks signature with the reference library, as a shop's
 * would, and keeps the events it accepted. Registered for a shop through the admin area (an
 * on-site system: allowPrivate, since it listens on 127.0.0.1).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext } from '@playwright/test'
import { Webhook } from 'standardwebhooks'

export interface HeardEvent {
  id: string
  type: string
  data: Record<string, unknown>
}

export async function webhookReceiver(
  request: APIRequestContext,
  admin: Record<string, string>,
  shopSlug: string,
  events: readonly string[],
) {
  const heard: HeardEvent[] = []
  let verify: Webhook | null = null
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
        )
        heard.push(verify!.verify(Buffer.concat(chunks).toString('utf8'), headers) as HeardEvent)
        res.writeHead(204).end()
      } catch {
        res.writeHead(400).end() // not signed by the server: refused, and the test sees nothing
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const shops = (await (await request.get('/rest/admin/shops', { headers: admin })).json()) as {
    id: number
    slug: string
  }[]
  const shop = shops.find((s) => s.slug === shopSlug)
  if (!shop) throw new Error(`no shop ${shopSlug}`)
  const made = await request.post(`/rest/admin/shops/${shop.id}/webhooks`, {
    headers: admin,
    data: { url: `http://127.0.0.1:${port}/hooks`, events, allowPrivate: true, description: 'e2e' },
  })
  if (made.status() !== 201) throw new Error(`webhook not made: ${made.status()} ${await made.text()}`)
  const { webhook, secret } = (await made.json()) as { webhook: { id: number }; secret: string }
  verify = new Webhook(secret)
  return {
    heard,
    /** Closes the receiver and removes its endpoint, so no other test's events go to a closed port. */
    async stop() {
      await request.delete(`/rest/admin/shops/${shop.id}/webhooks/${webhook.id}`, { headers: admin })
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
