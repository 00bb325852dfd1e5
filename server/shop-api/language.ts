/**
 * The language of the shop API's answers (issue 33): French, the warehouse's, unless the caller's
 * Accept-Language puts English before French. Only /api/v1 looks at it: the app's staff read
 * French whatever their browser says.
 */
import type { FastifyRequest } from 'fastify'
import { SHOP_API_MESSAGES, SHOP_API_MESSAGES_EN } from './messages.ts'

export type ShopLanguage = 'fr' | 'en'

/** The preferred of French and English in an Accept-Language header ('en-GB,en;q=0.9,fr;q=0.5': en). */
export function shopLanguage(request: Pick<FastifyRequest, 'headers'>): ShopLanguage {
  const header = request.headers['accept-language']
  if (typeof header !== 'string') return 'fr'
  let best: { language: ShopLanguage; q: number } | null = null
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';')
    const language = tag.split('-')[0]
    if (language !== 'fr' && language !== 'en') continue
    const q = Number(params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1)
    if (!Number.isFinite(q) || q <= 0) continue
    if (!best || q > best.q) best = { language, q }
  }
  return best?.language ?? 'fr'
}

export const shopMessages = (language: ShopLanguage) =>
  language === 'en' ? SHOP_API_MESSAGES_EN : SHOP_API_MESSAGES
