/**
 * Answer checks without zod, for the few calls made before the first screen (light-calls.ts): zod's
 * parser is ~9 KB gzip the first screen would otherwise load for five small answers. Each check does
 * what its zod schema does to a JSON value (same values accepted, same copy returned: unknown keys
 * dropped, `__proto__` never copied), and light-calls.test.ts proves it schema by schema, so the
 * zod schemas stay the contract and these cannot drift from them. Imports nothing.
 */

const INVALID: unique symbol = Symbol('invalid')

/** The parsed value (a copy, as zod returns it) or INVALID. */
export type Check<T> = (value: unknown) => T | typeof INVALID
/** A key that may be absent (zod's z.optional / z.nullish in an object). */
type OptionalCheck<T> = Check<T> & { readonly optional: true }
type Out<C> = C extends Check<infer T> ? T : never
type Shape = Record<string, Check<unknown>>
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S]
type ObjectOut<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Out<S[K]>
} & { [K in OptionalKeys<S>]?: Out<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never

/** The interface the HTTP client reads an answer through, as it reads a zod schema. */
export interface AnswerCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

export function answer<T>(check: Check<T>): AnswerCheck<T> {
  return {
    safeParse: (value) => {
      const data = check(value)
      return data === INVALID ? { success: false } : { success: true, data }
    },
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** z.string() */
export const string: Check<string> = (value) => (typeof value === 'string' ? value : INVALID)
/** z.boolean() */
export const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID)
/** z.int().check(z.nonnegative()) */
export const nonNegativeInt: Check<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : INVALID
/** z.void() */
export const none: Check<undefined> = (value) => (value === undefined ? undefined : INVALID)

/** z.enum([...]) */
export function oneOf<const V extends readonly string[]>(values: V): Check<V[number]> {
  return (value) => (values.includes(value as string) ? (value as V[number]) : INVALID)
}

/** z.optional(check) */
export function optional<T>(check: Check<T>): OptionalCheck<T | undefined> {
  return Object.assign((value: unknown) => (value === undefined ? undefined : check(value)), {
    optional: true as const,
  })
}

/** z.nullish(check) */
export function nullish<T>(check: Check<T>): OptionalCheck<T | null | undefined> {
  return Object.assign((value: unknown) => (value === null || value === undefined ? value : check(value)), {
    optional: true as const,
  })
}

/** z.array(check) */
export function array<T>(check: Check<T>): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID
    const out: T[] = []
    for (const item of value as unknown[]) {
      const parsed = check(item)
      if (parsed === INVALID) return INVALID
      out.push(parsed)
    }
    return out
  }
}

/** z.object(shape): the shape's keys only, an absent optional key stays absent. */
export function object<S extends Shape>(shape: S): Check<ObjectOut<S>> {
  return (value) => {
    if (!isObject(value)) return INVALID
    const out: Record<string, unknown> = {}
    for (const [key, check] of Object.entries(shape)) {
      if ('optional' in check && !(key in value)) continue
      const parsed = check(value[key])
      if (parsed === INVALID) return INVALID
      out[key] = parsed
    }
    return out as ObjectOut<S>
  }
}

/** z.record(z.string(), check): every own key but `__proto__`, which zod never copies. */
export function record<T>(check: Check<T>): Check<Record<string, T>> {
  return (value) => {
    if (!isObject(value)) return INVALID
    const out: Record<string, T> = {}
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue
      const parsed = check(value[key])
      if (parsed === INVALID) return INVALID
      out[key] = parsed
    }
    return out
  }
}
