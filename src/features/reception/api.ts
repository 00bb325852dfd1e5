import { endpoints, type ResponseOf } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { useStockWrite } from '@/features/outbox'
import { callApi } from '@/lib/http'

export type ProductInventory = ResponseOf<typeof endpoints.productInfoInventory>

/** A product of the shop by EAN-13 or SKU: checked when it is scanned, before it joins the list. */
export function useProductLookup(shopSlug: string) {
  return useMutation({
    mutationFn: (code: string): Promise<ProductInventory> =>
      callApi(endpoints.productInfoInventory, { body: { code, shop: shopSlug } }),
    // The screen shows the refusal next to the field (or keeps the line unverified when offline).
    meta: { errorToast: false },
  })
}

/** The reception write, through the outbox: 'sent', 'queued', or a refusal thrown as an ApiError. */
export const useReceptionWrite = () => useStockWrite<'reception'>()
