/** The shop API's addresses (issue 33): its calls under /api/v1/, and the two documents about them. */
export const SHOP_API_PREFIX = '/api/v1/'
export const SHOP_API_DOCUMENTS = { page: '/api/v1/docs', openapi: '/api/v1/openapi.json' } as const

const DOCUMENTS = new Set<string>(Object.values(SHOP_API_DOCUMENTS))

export const isShopApiPath = (url: string) => url.startsWith(SHOP_API_PREFIX)
/** The reference page or document, a query string aside: read by people and tools, not called. */
export const isShopApiDocument = (url: string) => DOCUMENTS.has(url.split('?')[0] ?? '')
