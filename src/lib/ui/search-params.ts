/**
 * The search of route files whose keys are all optional (`?redirect=`, `?code=`, `?q=`…). A route
 * file's search is not code-split, it is in every start's bundle: plain functions here, as zod
 * objects they brought zod's parser to the first screen. Each one does what the zod object did
 * (search-params.test.ts compares them): the listed keys only, and a value of another type than
 * the key's is refused (it throws), which the router shows as the screen's error.
 */

type Accepts<T> = (value: unknown) => value is T

export const isString: Accepts<string> = (value): value is string => typeof value === 'string'
/** zod's z.int(): a safe integer; the router reads `?q=100023` as a number. */
export const isStringOrInt: Accepts<string | number> = (value): value is string | number =>
  typeof value === 'string' || Number.isSafeInteger(value)

/** z.object({ key: z.optional(type) … }) as a search validator. */
export function optionalSearch<S extends Record<string, Accepts<unknown>>>(keys: S) {
  return (
    search: Record<string, unknown>,
  ): { [K in keyof S]?: S[K] extends Accepts<infer T> ? T : never } => {
    const out: Record<string, unknown> = {}
    for (const [key, accepts] of Object.entries(keys)) {
      if (!(key in search)) continue
      const value = search[key]
      if (value !== undefined && !accepts(value)) throw new Error(`Invalid search parameter "${key}"`)
      out[key] = value
    }
    return out as { [K in keyof S]?: S[K] extends Accepts<infer T> ? T : never }
  }
}
