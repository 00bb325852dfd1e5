/**
 * bench:api's floor load as a module, for a benchmark that needs the floor busy while it measures
 * something else (bench:webhooks): the same mix of reception, transfer and scrap, on the same
 * stocked set, through the same lean client (http-client.ts) in an open loop (open-loop.ts).
 *
 * bench/api.ts takes the stocked set and the mix from here too, and checks the ledger against the
 * answers with each call's `effect`.
 */
import { randomUUID } from 'node:crypto'
import { ean, PRODUCTS_PER_SHOP, SHOPS, sku, STORAGE } from './demo-warehouse.ts'
import { httpClient } from './http-client.ts'
import { openLoop } from './open-loop.ts'
import { signIn } from './server.ts'

export const STOCKED_QUANTITY = 100_000

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T

export interface FloorCall {
  kind: 'reception' | 'transfer' | 'scrap'
  path: string
  body: unknown
  /** What the call does to the ledger when it succeeds: [`sku@location`, delta]. */
  effect: [string, number][]
}

/**
 * The stocked set: 20 products (5 per shop) and 20 locations in 10 pairs; product k has
 * STOCKED_QUANTITY in both locations of pair k % 10, and its transfers alternate between them.
 */
export function stockedSet() {
  return SHOPS.flatMap((shop) =>
    [1, 19, 37, 55, 73].map((counter) => ({ shop, code: sku(shop, counter) })),
  ).map((product, k) => {
    const pair = k % 10
    return {
      ...product,
      locations: [STORAGE[pair * 36] as string, STORAGE[pair * 36 + 18] as string] as const,
      nextFrom: k % 2,
    }
  })
}

/**
 * Signs in as the demo administrator, stocks the set (one reception per shop) and answers `run`:
 * `count` requests of the mix at `intervalMs`, open loop, each timed from its scheduled instant.
 */
export async function floorLoad(url: string) {
  const auth = await signIn(url, 'demo')
  const reasonsAnswer = await fetch(`${url}/rest/warehouse/rebutreason/list`, { headers: auth })
  if (!reasonsAnswer.ok)
    throw new Error(`scrap reasons: ${reasonsAnswer.status} ${await reasonsAnswer.text()}`)
  const reasons = (await reasonsAnswer.json()) as { id: number }[]
  if (reasons.length === 0) throw new Error('no scrap reason')
  const stocked = stockedSet()
  const client = httpClient(url)
  const send = (call: FloorCall) =>
    client.send(
      'POST',
      call.path,
      { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      JSON.stringify(call.body),
    )

  for (const shop of SHOPS) {
    const lines = stocked
      .filter((p) => p.shop === shop)
      .flatMap((p) => p.locations.map((location) => ({ code: p.code, quantity: STOCKED_QUANTITY, location })))
    const answer = await send({
      kind: 'reception',
      path: `/api/client/${shop.slug}/reception/add`,
      body: { lines },
      effect: [],
    })
    if (!answer.ok) throw new Error(`setup reception ${shop.slug}: ${answer.status} ${answer.text}`)
  }

  const call = floorCalls(stocked, reasons)

  return {
    run: (count: number, intervalMs: number, errorSamples: string[] = []) =>
      openLoop({ count, intervalMs, next: call, send, errorSamples }),
    close: () => client.close(),
  }
}

/** Request i of bench:api's mix: a third each of reception, transfer (back and forth) and scrap. */
export function floorCalls(
  stocked: ReturnType<typeof stockedSet>,
  reasons: readonly { id: number }[],
): (i: number) => FloorCall {
  return (i) => {
    switch (i % 3) {
      case 0: {
        const shop = pick(SHOPS)
        const counter = 1 + Math.floor(Math.random() * PRODUCTS_PER_SHOP)
        // Half scanned (EAN-13), half typed (SKU), as on the floor.
        const code = i % 2 === 0 ? ean(shop, counter) : sku(shop, counter)
        const location = pick(STORAGE)
        return {
          kind: 'reception',
          path: `/api/client/${shop.slug}/reception/add`,
          body: { lines: [{ code, quantity: 1, location }] },
          effect: [[`${sku(shop, counter)}@${location}`, 1]],
        }
      }
      case 1: {
        const product = pick(stocked)
        const from = product.locations[product.nextFrom] as string
        const to = product.locations[1 - product.nextFrom] as string
        product.nextFrom = 1 - product.nextFrom
        return {
          kind: 'transfer',
          path: '/rest/warehouse/transfer',
          body: { from, to, lines: [{ code: product.code, quantity: 1 }] },
          effect: [
            [`${product.code}@${from}`, -1],
            [`${product.code}@${to}`, 1],
          ],
        }
      }
      default: {
        const product = pick(stocked)
        const location = pick(product.locations)
        return {
          kind: 'scrap',
          path: `/api/client/${product.shop.slug}/rebut/add`,
          body: { code: product.code, quantity: 1, location, reason: pick(reasons).id },
          effect: [[`${product.code}@${location}`, -1]],
        }
      }
    }
  }
}
