/**
 * The admin area, part three (issue 16): carriers with the box types each accepts and its slip
 * group (dock lane, pickup time), and the box types themselves. Every call needs the `admin` flag.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import {
  adminCall,
  adminIdParamSchema,
  grams,
  millimetres,
  requiredText as text,
  upperCode,
} from './admin-fields.ts'

const pickupTime = z
  .string()
  .check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Heure d’enlèvement : HH:MM (ex. 16:30).'))

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
      code: upperCode('Code du groupe', 32),
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
  body: z.extend(adminCarrierBodySchema, { code: text('Code', 32) }),
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
  code: upperCode('Code', 16),
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
