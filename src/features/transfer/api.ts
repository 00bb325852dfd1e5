import { endpoints, type LocationStock } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { useStockWrite } from '@/features/outbox'
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

/** The transfer itself, through the outbox: sent now, or kept on the device until the network is back. */
export const useWarehouseTransfer = () => useStockWrite<'transfer'>()
