import type { QueryKey } from '@tanstack/react-query'
import { checkBody, type BodySchema } from '@/lib/forms'
import { useFormProblem } from '@/lib/ui/use-form-problem'
import { useAdminWrite } from '../api.ts'

/**
 * The scaffolding every admin form shares: its write (a toast and the lists read again on
 * success, the dialog then closed), its problem (the contract schema's messages, then the
 * server's refusal) and the dialog's props. `submit(schema, value, send)` checks the value with
 * the contract's schema and, when it passes, sends the checked body with `send` (the create or
 * the update call, each with its own body type: no union of the two to dispatch on).
 */
export function useAdminForm<R>(options: {
  refresh: readonly QueryKey[]
  done: (saved: R) => string | null
  placed: (path: string) => boolean
  onClose: () => void
}) {
  const { refresh, done, placed, onClose } = options
  const mutation = useAdminWrite((send: () => Promise<R>) => send(), { refresh, done })
  const { problem, check } = useFormProblem(mutation.error, placed)

  function submit<T>(schema: BodySchema<T>, value: unknown, send: (body: T) => Promise<R>) {
    const body = check(checkBody(schema, value))
    if (body !== null) mutation.mutate(() => send(body), { onSuccess: onClose })
  }

  return {
    problem,
    submit,
    modalProps: { onClose, pending: mutation.isPending, alert: problem.alert },
  }
}
