import { useState } from 'react'
import { formProblem, type Checked, type FormProblem } from '../forms.ts'

/**
 * A form's problem: the browser check's messages while it fails, then the server's refusal of the
 * last write (`error`). `check` takes the result of a check (checkBody, or a form's own) and
 * answers the body to send, or null.
 */
export function useFormProblem(error: unknown, placed: (path: string) => boolean) {
  const [local, setLocal] = useState<Record<string, string[]>>({})
  const problem: FormProblem =
    Object.keys(local).length > 0 ? formProblem(null, placed, local) : formProblem(error, placed)
  function check<T>(result: Checked<T>): T | null {
    setLocal(result.ok ? {} : result.fieldErrors)
    return result.ok ? result.data : null
  }
  return { problem, check }
}

/**
 * The paths a form shows next to a field: exactly these names, or those a pattern matches
 * (/^printers\.\d+\.(name|use)$/). Claim only what a field shows: any other message goes to the
 * alert, and a claimed one that no field shows would be lost.
 */
export const placedAt =
  (...shown: readonly (string | RegExp)[]) =>
  (path: string) =>
    shown.some((p) => (typeof p === 'string' ? p === path : p.test(path)))
