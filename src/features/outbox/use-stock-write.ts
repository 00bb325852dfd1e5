import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { submitWrite } from './submit.ts'
import type { StockWrite, StockWriteKind, SubmitResult } from './types.ts'

export interface SubmitInput<K extends StockWriteKind> {
  write: Extract<StockWrite, { kind: K }>
  label: string
  /** The refused outbox item this write corrects (reopened in its screen): replaced by it. */
  replaces?: number | null
  /** The draft of the screen that made it (useScanFlow's draftKey): deleted with the write's storing. */
  draft?: string | null
}

/**
 * Submits a stock write through the outbox. `label` is the French line the outbox screen shows
 * for it while it waits (e.g. 'Réception · 3 lignes, 12 articles').
 * `submit` resolves with 'sent' or 'queued', and rejects with an ApiError on a refusal. While a
 * write of this screen is on its way it resolves null at once: an Enter from the scanner and a tap
 * on 'Valider' in the same instant must not make two writes (each would get its own idempotency
 * key, and the server would apply both). `isPending` lags a render behind, so it cannot guard this.
 */
export function useStockWrite<K extends StockWriteKind>() {
  const busy = useRef(false)
  const mutation = useMutation({
    mutationFn: ({ write, label, replaces, draft }: SubmitInput<K>) =>
      submitWrite<K>(write, label, { replaces: replaces ?? undefined, draft: draft ?? undefined }),
    meta: { errorToast: false },
  })
  const submit = async (input: SubmitInput<K>): Promise<SubmitResult<K> | null> => {
    if (busy.current) return null
    busy.current = true
    try {
      return await mutation.mutateAsync(input)
    } finally {
      busy.current = false
    }
  }
  return { submit, isPending: mutation.isPending }
}
