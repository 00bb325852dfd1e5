import { endpoints, type LocationStock, type TransferMovement } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

/** What a location holds: the source of a transfer. */
export function useLocationContent() {
  return useMutation({
    mutationFn: (locationName: string): Promise<LocationStock> =>
      callApi(endpoints.locationInformation, { params: { locationName } }),
    // The screen shows the refusal next to the field.
    meta: { errorToast: false },
  })
}

export interface TransferRequest {
  from: string
  to: string
  lines?: { code: string; quantity: number }[]
  all?: boolean
  /** Kept for the pending attempt: a retry after a network error replays the same key. */
  idempotencyKey: string
}

export function useWarehouseTransfer() {
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: TransferRequest): Promise<{ movements: TransferMovement[] }> =>
      callApi(endpoints.warehouseTransfer, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    meta: { errorToast: false },
  })
}
