import { useState } from 'react'
import { checkBody, formProblem, type FormProblem } from '@/lib/forms'

type Schema<T> = Parameters<typeof checkBody<T>>[0]

/**
 * A form's problem: the contract schema's messages while the browser check fails, then the
 * server's refusal of the last write. `check` answers the body to send, or null.
 */
export function useFormProblem(error: unknown, placed: (path: string) => boolean) {
  const [local, setLocal] = useState<Record<string, string[]>>({})
  const problem: FormProblem =
    Object.keys(local).length > 0 ? formProblem(null, placed, local) : formProblem(error, placed)
  function check<T>(schema: Schema<T>, value: unknown): T | null {
    const result = checkBody(schema, value)
    setLocal(result.ok ? {} : result.fieldErrors)
    return result.ok ? result.data : null
  }
  return { problem, check }
}

/** Placed paths: exactly these, or anything under these prefixes ('printers.' covers every row). */
export const paths =
  (exact: readonly string[], prefixes: readonly string[] = []) =>
  (path: string) =>
    exact.includes(path) || prefixes.some((p) => path.startsWith(p))
