/**
 * The admin area, part two (issue 16): workstations and their printers, carriers with their box
 * types and slip group, and the ordered lists the floor picks from (scrap reasons, return origins,
 * wait reasons). Every call needs the `admin` flag.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { ipSchema } from '../ip.ts'
import { adminIdParamSchema } from './admin-people.ts'
import { printerUseSchema } from './printing.ts'

const text = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} : obligatoire.`),
      z.maxLength(max, `${label} : ${max} caractères au plus.`),
    )
const adminCall = { auth: 'user', admin: true } as const
const millimetres = (label: string) =>
  z
    .int(`${label} : un nombre entier de millimètres.`)
    .check(z.positive(`${label} : au moins 1 mm.`), z.maximum(5000, `${label} : 5 000 mm au plus.`))
const grams = (label: string, min: number) =>
  z
    .int(`${label} : un nombre entier de grammes.`)
    .check(
      z.minimum(min, `${label} : ${min} g au moins.`),
      z.maximum(1_000_000, `${label} : 1 000 000 g au plus.`),
    )

/** What a label printer understands: PDF through its driver, or ZPL sent raw (a Zebra on a raw queue). */
export const PRINTER_LANGUAGES = ['pdf', 'zpl'] as const
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
  ip: z.string(),
  printers: z.array(z.object({ name: z.string(), use: printerUseSchema, language: printerLanguageSchema })),
})
export type AdminComputer = z.infer<typeof adminComputerSchema>

export const adminComputerBodySchema = z.object({
  name: text('Nom du poste', 64),
  ip: ipSchema,
  printers: z.array(adminPrinterSchema).check(z.maxLength(20, '20 imprimantes au plus par poste.')),
})
export type AdminComputerBody = z.input<typeof adminComputerBodySchema>

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

const pickupTime = z
  .string()
  .check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Heure d’enlèvement : HH:MM (ex. 16:30).'))
const code = (label: string, max: number) =>
  text(label, max).check(z.regex(/^[A-Z0-9-]+$/, `${label} : majuscules, chiffres et tirets.`))

export const adminCarrierSchema = z.object({
  id: z.int(),
  code: z.string(),
  name: z.string(),
  maxParcelGrams: z.int(),
  /** The carrier's services, as its integration defines them (read-only here). */
  services: z.array(z.object({ code: z.string(), name: z.string() })),
  boxTypes: z.array(z.string()),
  slipGroup: z.nullable(
    z.object({ code: z.string(), name: z.string(), pickupTime: z.string(), dockLane: z.string() }),
  ),
})
export type AdminCarrier = z.infer<typeof adminCarrierSchema>

export const adminCarrierBodySchema = z.object({
  name: text('Nom', 80),
  maxParcelGrams: grams('Poids maximal du colis', 1),
  /** Box type codes this carrier accepts. */
  boxTypes: z.array(z.string().check(z.maxLength(16))).check(z.maxLength(200)),
  slipGroup: z.nullable(
    z.object({
      code: code('Code du groupe', 32),
      name: text('Nom du groupe', 80),
      pickupTime,
      dockLane: text('Quai', 32),
    }),
  ),
})
export type AdminCarrierBody = z.infer<typeof adminCarrierBodySchema>

export const adminCarrierList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/carriers',
  summary: 'Every carrier with its services, accepted box types and slip group (pickup time, dock)',
  response: z.array(adminCarrierSchema),
})

export const adminCarrierCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/carriers',
  summary:
    'Adds a carrier among those whose integration this server has (colissimo, chronopost, dpd, gls, mondial-relay, ups)',
  body: z.extend(adminCarrierBodySchema, {
    code: z.string().check(z.trim(), z.minLength(1, 'Code : obligatoire.'), z.maxLength(32)),
  }),
  response: adminCarrierSchema,
})

export const adminCarrierUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/carriers/{id}',
  summary: "Changes a carrier's name, weight limit, accepted box types and slip group",
  params: adminIdParamSchema,
  body: adminCarrierBodySchema,
  response: adminCarrierSchema,
})

export const adminBoxTypeBodySchema = z.object({
  code: code('Code', 16),
  name: text('Nom', 80),
  innerLengthMm: millimetres('Longueur'),
  innerWidthMm: millimetres('Largeur'),
  innerHeightMm: millimetres('Hauteur'),
  tareGrams: grams('Poids à vide', 0),
  maxWeightGrams: grams('Poids maximal', 1),
})
export type AdminBoxTypeBody = z.infer<typeof adminBoxTypeBodySchema>
export const adminBoxTypeSchema = z.extend(adminBoxTypeBodySchema, { id: z.int() })
export type AdminBoxType = z.infer<typeof adminBoxTypeSchema>

export const adminBoxTypeList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/box-types',
  summary: 'Every box type',
  response: z.array(adminBoxTypeSchema),
})

export const adminBoxTypeCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/box-types',
  summary: 'Adds a box type',
  body: adminBoxTypeBodySchema,
  response: adminBoxTypeSchema,
})

export const adminBoxTypeUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/box-types/{id}',
  summary: 'Changes a box type',
  params: adminIdParamSchema,
  body: adminBoxTypeBodySchema,
  response: adminBoxTypeSchema,
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
