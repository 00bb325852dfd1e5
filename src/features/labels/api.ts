import { boxLabels, locationFindPrefix, locationLabels, productLabels, type PrintDocument } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

/** Locations whose name starts with what was scanned or typed (an exact name is its own prefix). */
export function useFindLocations() {
  return useMutation({
    mutationFn: (prefix: string) => callApi(locationFindPrefix, { body: { prefix, limit: 500 } }),
    // The screen shows the refusal next to the field.
    meta: { errorToast: false },
  })
}

export function useLocationLabels() {
  return useMutation({
    mutationFn: (names: string[]): Promise<PrintDocument> => callApi(locationLabels, { body: { names } }),
    meta: { errorToast: false },
  })
}

export type BoxRequest = { count: number } | { from: number; to: number }

export function useBoxLabels() {
  return useMutation({
    mutationFn: (request: BoxRequest) => callApi(boxLabels, { body: request }),
    meta: { errorToast: false },
  })
}

/** Product labels (EAN-13, name, SKU) of a shop, by SKU or EAN: for the product screens. */
export function useProductLabels(slugShop: string) {
  return useMutation({
    mutationFn: ({ codes, copies }: { codes: string[]; copies?: number }) =>
      callApi(productLabels, { params: { slugShop }, body: { codes, copies } }),
    meta: { errorToast: false },
  })
}

/** How a screen hands a document to the workstation's printer (the route wires the printing feature). */
export type PrintHandler = (document: PrintDocument) => Promise<void>
