import { useMutation } from '@tanstack/react-query'
import { submitWrite } from './submit.ts'
import type { StockWrite, StockWriteKind } from './types.ts'

/**
 * Submits a stock write through the outbox. `label` is the French line the outbox screen shows
 * for it while it waits (e.g. 'Réception · 3 lignes, 12 articles').
 * `mutateAsync` resolves with 'sent' or 'queued', and rejects with an ApiError on a refusal.
 */
export function useStockWrite<K extends StockWriteKind>() {
  return useMutation({
    mutationFn: ({ write, label }: { write: Extract<StockWrite, { kind: K }>; label: string }) =>
      submitWrite<K>(write, label),
    meta: { errorToast: false },
  })
}
