/**
 * The admin area, part two (issue 16): workstations and their printers, the ordered lists the
 * floor picks from (scrap reasons, return origins, wait reasons) and the locations. Every call needs
 * the `admin` flag. Carriers and box types: admin-shipping.ts.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { ipSchema } from '../ip.ts'
import { PRINT_FORMATS } from '../light-calls.ts'
import { adminCall, adminIdParamSchema, requiredText as text } from './admin-fields.ts'
import { printerUseSchema } from './printing.ts'

/** What a label printer understands: PDF through its driver, or ZPL sent raw (a Zebra on a raw queue). */
export const PRINTER_LANGUAGES = PRINT_FORMATS
export const printerLanguageSchema = z.enum(PRINTER_LANGUAGES)
export type PrinterLanguage = z.infer<typeof printerLanguageSchema>

export const adminPrinterSchema = z.object({
  /** The printer's exact name in the print agent (QZ Tray / CUPS): CUPS names have no spaces. */
  name: text("Nom de l'imprimante", 127),
  use: printerUseSchema,
  language: z._default(printerLanguageSchema, 'pdf'),
})
export type AdminPrinter = z.output<typeof adminPrinterSchema>

export const adminComputerSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Null: known by its name only (a browser named as this workstation, see WORKSTATION_HEADER). */
  ip: z.nullable(z.string()),
  printers: z.array(z.object({ name: z.string(), use: printerUseSchema, language: printerLanguageSchema })),
})
export type AdminComputer = z.infer<typeof adminComputerSchema>

export const adminComputerBodySchema = z.object({
  name: text('Nom du poste', 64),
  ip: z.nullable(ipSchema),
  printers: z.array(adminPrinterSchema).check(z.maxLength(20, '20 imprimantes au plus par poste.')),
})
export type AdminComputerBody = z.input<typeof adminComputerBodySchema>
/** As the server reads it: each printer's language filled. */
export type AdminComputerData = z.output<typeof adminComputerBodySchema>

export const adminComputerList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/computers',
  summary: 'Every workstation with its printers',
  response: z.array(adminComputerSchema),
})

export const adminComputerCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/computers',
  summary: 'Adds a workstation (by its IP) with its printers',
  body: adminComputerBodySchema,
  response: adminComputerSchema,
})

export const adminComputerUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/computers/{id}',
  summary: "Changes a workstation's name, IP and printers (the list replaces the old one)",
  params: adminIdParamSchema,
  body: adminComputerBodySchema,
  response: adminComputerSchema,
})

export const adminComputerDelete = endpoint({
  ...adminCall,
  method: 'DELETE',
  path: '/rest/admin/computers/{id}',
  summary: 'Removes a workstation and its printers',
  params: adminIdParamSchema,
  response: z.void(),
  responseType: 'none',
})

/** The ordered lists the floor chooses from. */
export const ADMIN_LISTS = ['scrap-reasons', 'return-origins', 'wait-reasons'] as const
export const adminListNameSchema = z.enum(ADMIN_LISTS)
export type AdminListName = z.infer<typeof adminListNameSchema>
export const adminListItemSchema = z.object({ id: z.int(), label: z.string(), active: z.boolean() })
export type AdminListItem = z.infer<typeof adminListItemSchema>

export const adminListGet = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/lists/{list}',
  summary: 'An ordered list (scrap reasons, return origins, wait reasons), inactive items included',
  params: z.object({ list: adminListNameSchema }),
  response: z.array(adminListItemSchema),
})

export const adminListPut = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/lists/{list}',
  summary:
    'Saves a list in its new order: items without id are added; an item left out is deactivated, never deleted',
  params: z.object({ list: adminListNameSchema }),
  body: z.object({
    items: z
      .array(
        z.object({
          id: z.optional(z.int().check(z.positive())),
          label: text('Libellé', 120),
          active: z.boolean(),
        }),
      )
      .check(z.maxLength(200, '200 lignes au plus.')),
  }),
  response: z.array(adminListItemSchema),
})

/** What a location is for; `storage` holds the stock that put-away and picking move. */
export const LOCATION_KINDS = ['storage', 'reception', 'shipping', 'scrap', 'returns'] as const
export const locationKindSchema = z.enum(LOCATION_KINDS)
export type LocationKind = z.infer<typeof locationKindSchema>
/** As the admin screen and its history name them. */
export const LOCATION_KIND_LABELS = {
  storage: 'Stockage',
  reception: 'Réception',
  shipping: 'Expédition',
  scrap: 'Rebut',
  returns: 'Retours',
} as const satisfies Record<LocationKind, string>
export const adminLocationSchema = z.object({ id: z.int(), name: z.string(), kind: locationKindSchema })
export type AdminLocation = z.infer<typeof adminLocationSchema>

/** A location's name is printed as Code 128 on its label: plain ASCII, no spaces. */
const locationName = text('Emplacement', 64).check(
  z.regex(
    /^[A-Za-z0-9._/-]+$/,
    'Emplacement : lettres sans accent, chiffres et . _ / - seulement (il est imprimé en code-barres).',
  ),
)

export const adminLocationBodySchema = z.object({
  names: z
    .array(locationName)
    .check(
      z.minLength(1, 'Aucun emplacement à créer.'),
      z.maxLength(2000, '2 000 emplacements au plus à la fois.'),
    ),
  kind: locationKindSchema,
})
export type AdminLocationBody = z.infer<typeof adminLocationBodySchema>
export const adminLocationCreateResultSchema = z.object({
  created: z.array(z.string()),
  /** The names that were already there (whatever their case), left as they were. */
  existing: z.array(z.string()),
})
export type AdminLocationCreateResult = z.infer<typeof adminLocationCreateResultSchema>

export const adminLocationList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/locations',
  summary: 'Every location with its kind, in name order (byte order, as the labels sort)',
  response: z.array(adminLocationSchema),
})

export const adminLocationCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/locations',
  summary:
    'Adds locations of one kind by name; a name that exists already (any case) is reported, not duplicated',
  body: adminLocationBodySchema,
  response: adminLocationCreateResultSchema,
})
