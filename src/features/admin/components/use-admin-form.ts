import type { QueryKey } from '@tanstack/react-query'
import { checkBody, type BodySchema } from '@/lib/forms'
import { useFormProblem } from '@/lib/ui/use-form-problem'
import { useAdminWrite } from '../api.ts'

/**
 * The scaffolding every admin form shares: its write (a toast and the lists read again on
 * success, the dialog then closed), its problem (the contract schema's messages, then the
 * server's refusal) and the dialog's props. `submit(schema, value)` checks the value with the
 * contract's schema and sends it; `wrap` turns the checked body into what `write` takes when
 * they differ (a create or an update).
 */
export function useAdminForm<V, R>(options: {
  write: (variables: V) => Promise<R>
  refresh: readonly QueryKey[]
  done: (saved: R, variables: V) => string | null
  placed: (path: string) => boolean
  onClose: () => void
}) {
  const { write, refresh, done, placed, onClose } = options
  const mutation = useAdminWrite(write, { refresh, done })
  const { problem, check } = useFormProblem(mutation.error, placed)

  function submit<T>(
    schema: BodySchema<T>,
    value: unknown,
    ...[wrap]: T extends V ? [wrap?: (body: T) => V] : [wrap: (body: T) => V]
  ) {
    const body = check(checkBody(schema, value))
    if (body === null) return
    mutation.mutate(wrap ? wrap(body) : (body as unknown as V), { onSuccess: onClose })
  }

  return {
    problem,
    submit,
    modalProps: { onClose, pending: mutation.isPending, alert: problem.alert },
  }
}
