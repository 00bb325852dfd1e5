import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { endpoints } from './endpoints.ts'
import { openApiDocument } from './openapi.ts'

/**
 * The 50 calls of docs/specification.md §7, as its tables list them ('unspecified': the specification does not give the method).
 * Written out here too, so a change to the list shows in review; the list is checked against
 * docs/specification.md below.
 */
const SPEC_CALLS: readonly (readonly [string, string])[] = [
  ['POST', '/rest/login_check'],
  ['GET', '/rest/user/access'],
  ['POST', '/rest/user/ip'],
  ['unspecified', '/api/user/update/ip'],
  ['HEAD', '/rest/computer/exist'],
  ['GET', '/rest/printer/list'],
  ['unspecified', '/api/computer/check/{ip}'],
  ['GET', '/api/qz/computer'],
  ['unspecified', '/admin/api/client/{slugShop}/fiche-produit/{shopProduct}/quantity'],
  ['unspecified', '/api/inventory'],
  ['POST', '/api/location/stock'],
  ['unspecified', '/api/client/{slugShop}/product/info'],
  ['unspecified', '/api/product/info/inventory'],
  ['POST', '/api/product/search'],
  ['POST', '/rest/{slug}/location/{locationSlug}/stock'],
  ['POST', '/rest/location/find-prefix'],
  ['GET', '/rest/location/information/{locationName}'],
  ['POST', '/rest/warehouse/transfer'],
  ['unspecified', '/api/client/{slugShop}/rebut/add'],
  ['GET', '/api/rebut/reason/list'],
  ['GET', '/rest/warehouse/rebutreason/list'],
  ['unspecified', '/api/client/{slugShop}/reception/add'],
  ['GET', '/api/client/{slugShop}/return/search'],
  ['POST', '/api/client/{slugShop}/return/order'],
  ['POST', '/rest/order/return'],
  ['GET', '/rest/warehouse/returnorderorigin/list'],
  ['GET', '/rest/warehouse/returnorderwaitreason/list'],
  ['GET', '/rest/boa/routing/box/{box}'],
  ['GET', '/rest/boa/routing/package/{package}'],
  ['POST', '/rest/warehouse/carrier-slip/{carrierSlipGroup}'],
  ['GET', '/rest/warehouse/carrier-slip/list'],
  ['GET', '/rest/order/{order}/customization-files'],
  ['GET', '/rest/order/information'],
  ['PUT', '/rest/order/{order}/packaging'],
  ['GET', '/rest/order/{order}/tracking-number/add'],
  ['GET', '/rest/order/{order}/tracking-number/{trackingNumber}'],
  ['GET', '/rest/{slug}/picking/order-campaign-list'],
  ['GET', '/rest/{slug}/picking/order-count'],
  ['GET', '/rest/{slug}/picking/print/campaign/{campaign}'],
  ['GET', '/rest/{slug}/picking/print/{pickingType}'],
  ['POST', '/rest/picking-session/create'],
  ['POST', '/rest/picking-session/resume'],
  ['POST', '/rest/picking-session/{id}/pick'],
  ['POST', '/rest/picking-session/{id}/close'],
  ['GET', '/rest/warehouse/shipment/mono/{pickingName}'],
  ['GET', '/rest/warehouse/shipment/order/{orderName}'],
  ['POST', '/rest/warehouse/shipment/order/mono'],
  ['POST', '/rest/warehouse/shipment/order/multi'],
  ['POST', '/rest/warehouse/shipment/order/multi/print'],
  ['GET', '/rest/statistic/today'],
]

/** The rows of docs/specification.md §7's call tables: `| METHOD | /path |`. */
function callsOfSpec(text: string): [string, string][] {
  const section = text.slice(text.indexOf('## 7. The calls it makes'), text.indexOf('### 7.13'))
  return [...section.matchAll(/^\| (GET|POST|PUT|HEAD|DELETE|PATCH|unspecified) \| (\/\S+) \|/gm)].map(
    (m) => [m[1] as string, m[2] as string],
  )
}

describe("the contract covers SPEC §7's calls", () => {
  const doc = openApiDocument(endpoints, { title: 'test', version: '0' }) as {
    paths: Record<string, Record<string, unknown>>
  }

  it('has an OpenAPI operation for each of the 50, with the method SPEC gives', () => {
    expect(SPEC_CALLS).toHaveLength(50)
    const missing = SPEC_CALLS.filter(([method, path]) => {
      const operations = doc.paths[path]
      if (!operations) return true
      return method !== 'unspecified' && !(method.toLowerCase() in operations)
    })
    expect(missing).toEqual([])
  })

  const spec = join(import.meta.dirname, '..', 'docs', 'specification.md')
  it('lists exactly the calls of docs/specification.md', () => {
    const calls = callsOfSpec(readFileSync(spec, 'utf8'))
    expect([...calls].sort()).toEqual([...SPEC_CALLS].map(([m, p]) => [m, p]).sort())
  })
})
