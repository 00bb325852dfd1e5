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

/**
 * What the workstation's label printer understands (issue 16): a Zebra on a raw queue gets the
 * server's ZPL as a raw job; a driver queue gets PDF.
 */
export type LabelFormat = PrintDocument['format']

export function useLocationLabels(format: LabelFormat = 'pdf') {
  return useMutation({
    mutationFn: (names: string[]): Promise<PrintDocument> =>
      callApi(locationLabels, { body: { names, format } }),
    meta: { errorToast: false },
  })
}

export type BoxRequest = { count: number } | { from: number; to: number }

export function useBoxLabels(format: LabelFormat = 'pdf') {
  return useMutation({
    mutationFn: (request: BoxRequest) => callApi(boxLabels, { body: { ...request, format } }),
    meta: { errorToast: false },
  })
}

/** Product labels (EAN-13, name, SKU) of a shop, by SKU or EAN: for the product screens. */
export function useProductLabels(slugShop: string, format: LabelFormat = 'pdf') {
  return useMutation({
    mutationFn: ({ codes, copies }: { codes: string[]; copies?: number }) =>
      callApi(productLabels, { params: { slugShop }, body: { codes, copies, format } }),
    meta: { errorToast: false },
  })
}

/** How a screen hands a document to the workstation's printer (the route wires the printing feature). */
export type PrintHandler = (document: PrintDocument) => Promise<void>
