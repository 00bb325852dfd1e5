/** A shop key over its pace (rate-limit.ts): 429 with Retry-After, in the caller's language. */
import type { FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/index.ts'
import { HttpError } from '../http/errors.ts'
import type { ShopCaller } from './authenticate.ts'
import { shopLanguage, shopMessages } from './language.ts'
import type { KeyRates } from './rate-limit.ts'

export function paced(rates: KeyRates, shop: ShopCaller, request: FastifyRequest): void {
  const wait = rates.take(shop.keyId)
  if (wait === null) return
  const message = shopMessages(shopLanguage(request)).tooFast(wait)
  throw new HttpError(429, { code: ERROR_CODES.rateLimited, message }, { 'retry-after': String(wait) })
}
