/** Specification-style paths (/rest/{slug}/picking/order-count); no zod, the first screen's HTTP client uses them. */

/** Names of the {braced} parameters of a specification path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
}

/** Fills a specification path with encoded values; a missing value is a programming error. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** The same path in the router syntax of Fastify and MSW (/rest/:slug/...). */
export function colonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}
