/**
 * Label documents (docs/specification.md §7.13): the server draws location, box and product labels behind short-
 * lived links the print agent fetches. Apart from printing.ts because only the label screens use
 * them: the shell, which needs the workstation endpoints, does not carry these schemas.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { PRINT_FORMATS } from '../light-calls.ts'
import { printDocumentSchema } from './printing.ts'

const documentFormat = z.optional(z.enum(PRINT_FORMATS))

export const locationFindPrefix = endpoint({
  method: 'POST',
  path: '/rest/location/find-prefix',
  summary: 'Locations whose name starts with a prefix (case-insensitive), in name order',
  auth: 'user',
  roles: ['Barcode', 'Transfer', 'Reception', 'Inventory', 'Rebut'],
  body: z.object({
    prefix: z
      .string()
      .check(z.trim(), z.minLength(1, 'Saisissez un emplacement ou un début de nom'), z.maxLength(64)),
    limit: z.optional(z.int().check(z.positive(), z.maximum(500))),
  }),
  response: z.object({ locations: z.array(z.object({ name: z.string() })), total: z.int() }),
})

export const locationLabels = endpoint({
  method: 'POST',
  path: '/rest/print/location-labels',
  summary: 'Labels of locations (Code 128 of the name + the name), one per label',
  auth: 'user',
  roles: ['Barcode'],
  body: z.object({
    // A blank name would print a blank label: refused, as a name missing from the list.
    names: z
      .array(z.string().check(z.trim(), z.minLength(1, 'Nom d’emplacement vide dans la liste')))
      .check(z.minLength(1, 'Aucun emplacement à imprimer'), z.maxLength(500)),
    format: documentFormat,
  }),
  response: printDocumentSchema,
})

export const boxLabels = endpoint({
  method: 'POST',
  path: '/rest/print/box-labels',
  summary: 'Box labels: the next `count` new box numbers, or a reprint of the range from..to',
  auth: 'user',
  roles: ['Barcode'],
  body: z.object({
    count: z.optional(z.int().check(z.positive(), z.maximum(500))),
    from: z.optional(z.int().check(z.positive())),
    to: z.optional(z.int().check(z.positive())),
    format: documentFormat,
  }),
  response: z.extend(printDocumentSchema, { boxes: z.array(z.string()) }),
})

export const productLabels = endpoint({
  method: 'POST',
  path: '/rest/{slugShop}/print/product-labels',
  summary: "Product labels (EAN-13, name, SKU) of a shop's products, by SKU or EAN",
  auth: 'user',
  roles: ['Barcode', 'Reception', 'Print'],
  shopParam: 'slugShop',
  params: z.object({ slugShop: z.string() }),
  body: z.object({
    codes: z
      .array(z.string().check(z.trim(), z.minLength(1, 'Code produit vide dans la liste')))
      .check(z.minLength(1, 'Aucun produit à imprimer'), z.maxLength(200)),
    copies: z.optional(z.int().check(z.positive(), z.maximum(100))),
    format: documentFormat,
  }),
  response: printDocumentSchema,
})
