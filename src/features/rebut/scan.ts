/**
 * What a scan does on the scrap screen, against the latest state: the source location first
 * (its content for this shop, looked up; taken unverified when the server cannot be reached),
 * then the product, which must be in the location when its content is known. Unit-tested with a
 * fake look-up (scan.test.ts).
 */
import type { LocationStock } from '@contract'
import { loadReopened } from '@/features/outbox'
import {
  lookUp,
  lookUpLocation,
  matchesProduct,
  productCodesOf,
  type FlowHandle,
  type ScanResult,
  type ScanVerdict,
} from '@/features/scanning'
import { activeField, type RebutEvent, type RebutState, type StockLine } from './model.ts'
import { text as t } from './text.ts'

export interface RebutLookUps {
  location(name: string): Promise<LocationStock>
}

type Flow = FlowHandle<RebutState, RebutEvent>

/** Only this shop's products count: another shop's goods in the same location are not ours to scrap. */
export const shopStock = (content: LocationStock, shopSlug: string): StockLine[] =>
  content.stock.filter((s) => s.shop.slug === shopSlug)

export function rebutScan(shopSlug: string, lookUps: RebutLookUps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> =>
    activeField(flow.state()) === 'location' ? location(scan, flow, shopSlug, lookUps) : product(scan, flow)
}

async function location(
  scan: ScanResult,
  flow: Flow,
  shopSlug: string,
  lookUps: RebutLookUps,
): Promise<ScanVerdict> {
  const found = await lookUpLocation(scan, lookUps.location)
  if (found.status === 'refused') {
    flow.dispatch({ type: 'locationRefused', message: found.message })
    return 'error'
  }
  if (found.status === 'unverified') {
    flow.dispatch({ type: 'locationScanned', name: found.name, stock: null })
    return 'warning'
  }
  flow.dispatch({ type: 'locationScanned', name: found.value.name, stock: shopStock(found.value, shopSlug) })
  return 'success'
}

/** No look-up here: the location's content says what may be scrapped, so the answer is at once. */
function product(scan: ScanResult, flow: Flow): ScanVerdict {
  const refused = (message: string) => {
    flow.dispatch({ type: 'productRefused', message })
    return 'error' as const
  }
  const codes = productCodesOf(scan)
  if (!codes.ok) return refused(codes.message)
  const { source, product: picked } = flow.state()
  if (!source) return 'error'
  if (picked && matchesProduct(codes.codes, picked.code, picked.sku, picked.ean13)) {
    flow.dispatch({ type: 'productAgain' })
    if (flow.state().productError) return 'error'
    return picked.max === null ? 'warning' : 'success'
  }
  if (source.stock === null) {
    // Offline: the code as scanned (the GTIN of a GS1 scan); the server checks it when the scrap arrives.
    flow.dispatch({ type: 'productScanned', product: { code: codes.code, name: codes.code, max: null } })
    return 'warning'
  }
  const line = source.stock.find((s) => matchesProduct(codes.codes, s.sku, s.ean13))
  if (!line) return refused(t.notInLocation(scan.text.trim(), source.name))
  flow.dispatch({
    type: 'productScanned',
    product: { code: line.sku, sku: line.sku, ean13: line.ean13, name: line.name, max: line.quantity },
  })
  return 'success'
}

/**
 * `?reopen=<id>`: a refused scrap from the outbox, put back to be corrected, with the location's
 * content looked up again (what it holds now is the limit of the correction).
 */
export function rebutReopen(id: number, shopSlug: string, lookUps: RebutLookUps) {
  return async (): Promise<RebutEvent | null> => {
    const found = await loadReopened('rebut', id, shopSlug)
    if (!found) return null
    const { body } = found.write
    const content = await lookUp(() => lookUps.location(body.location))
    const stock = content.status === 'found' ? shopStock(content.value, shopSlug) : null
    return { type: 'reopened', body, refusal: found.refusal, outboxId: found.outboxId, stock }
  }
}
