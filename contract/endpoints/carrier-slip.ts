/**
 * Carrier slips, 'Bordereau transport' (docs/specification.md §7.8, issue 13). Each carrier slip group (one per
 * carrier pickup: a carrier, a pickup time) always has one open slip; a labelled parcel of the
 * group's carrier waits on it until the slip is closed at the dock.
 *
 * The list answers, per group, the open slip with its waiting parcels, their count and weight, the
 * minutes left to today's pickup and a pre-flight: the orders of that carrier that are packed or
 * partly labelled, which would miss the pickup if the slip were closed now.
 *
 * Closing takes the parcels loaded (the tracking numbers scanned at the dock; none sent = every
 * waiting parcel), puts them on the slip for good, produces the manifest (A4 PDF), marks the
 * parcels and the orders whose parcels have all gone 'shipped', and opens the next slip; parcels
 * not loaded wait for it. A parcel is never on two slips. It is idempotent: the same
 * Idempotency-Key answers the same closed slip, and of two closes of one group at once one closes
 * the slip, the other finds nothing left to load (409).
 *
 * Both need the Barcode role, the screen's in the menu (docs/specification.md §2.4 and §6; issue 31: a Shipping
 * user opened the screen by URL and closed a slip). Both show only the parcels of the shops the
 * user works for, and a close loads only those: a tracking number of another shop is refused
 * (403), as every order call does, and so is a close by a user who does not work for every shop
 * with parcels waiting on the slip, since it would move those parcels to the next slip.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderStatusSchema } from './picking.ts'
import { printDocumentSchema } from './printing.ts'

export const CARRIER_SLIP_STATUSES = ['open', 'closed'] as const
export const carrierSlipStatusSchema = z.enum(CARRIER_SLIP_STATUSES)
export type CarrierSlipStatus = z.infer<typeof carrierSlipStatusSchema>

/** The most parcels one close may name (a full trailer is a few hundred). */
export const MAX_SLIP_PARCELS = 2000

export const carrierSlipParcelSchema = z.object({
  trackingNumber: z.string(),
  order: z.string(),
  shop: z.string(),
  /** The parcel's number within its order. */
  seq: z.int(),
  /** Measured, else estimated: what the carrier was told. */
  weightGrams: z.int(),
  /** The weight was measured on the scale (false: estimated). */
  weighed: z.boolean(),
  labelledAt: z.string(),
})
export type CarrierSlipParcel = z.infer<typeof carrierSlipParcelSchema>

/** An order of the group's carrier that is not fully labelled yet: it would miss the slip. */
export const carrierSlipPreflightSchema = z.object({
  order: z.string(),
  shop: z.string(),
  status: orderStatusSchema,
  /** Its parcels (voided ones left out), and how many of them are labelled. */
  parcels: z.int(),
  labelled: z.int(),
})
export type CarrierSlipPreflight = z.infer<typeof carrierSlipPreflightSchema>

export const carrierSlipGroupSchema = z.object({
  group: z.object({ code: z.string(), name: z.string() }),
  carrier: z.object({ code: z.string(), name: z.string() }),
  /** 'HH:MM', warehouse time. */
  pickupTime: z.string(),
  /** Minutes from now to today's pickup; negative once it is past. */
  minutesToPickup: z.int(),
  /** The group's open slip. */
  slip: z.object({ number: z.string(), openedAt: z.string() }),
  /** The labelled parcels waiting on it, oldest label first. */
  parcels: z.array(carrierSlipParcelSchema),
  parcelCount: z.int(),
  totalWeightGrams: z.int(),
  preflight: z.array(carrierSlipPreflightSchema),
  /**
   * Parcels of shops the user does not work for waiting on the slip (not listed: only counted). A
   * close would move them to the next slip, so it is refused while there are any (issue 31): the
   * screen says so before the worker scans.
   */
  otherShopsParcels: z.int(),
})
export type CarrierSlipGroup = z.infer<typeof carrierSlipGroupSchema>

export const carrierSlipList = endpoint({
  method: 'GET',
  path: '/rest/warehouse/carrier-slip/list',
  summary:
    "Every carrier slip group's open slip: carrier, pickup time and minutes left, waiting parcels, count, weight and pre-flight",
  auth: 'user',
  roles: ['Barcode'],
  response: z.object({ groups: z.array(carrierSlipGroupSchema) }),
})

export const carrierSlipCloseSchema = z.object({
  slip: z.object({
    /** 'BT-COLISSIMO-000012': printed on the manifest. */
    number: z.string(),
    group: z.object({ code: z.string(), name: z.string() }),
    parcelCount: z.int(),
    totalWeightGrams: z.int(),
    closedAt: z.string(),
  }),
  /** The manifest, A4, for the carrier's driver to sign. */
  manifest: printDocumentSchema,
  /** The slip opened in its place. */
  next: z.object({ number: z.string() }),
})
export type CarrierSlipClose = z.infer<typeof carrierSlipCloseSchema>

export const carrierSlipClose = endpoint({
  method: 'POST',
  path: '/rest/warehouse/carrier-slip/{carrierSlipGroup}',
  summary:
    "Closes the group's open slip with the parcels loaded (all waiting ones by default), answers its manifest and opens the next slip",
  auth: 'user',
  roles: ['Barcode'],
  idempotent: true,
  params: z.object({
    carrierSlipGroup: z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(32)),
  }),
  body: z.optional(
    z.object({
      /** The parcels scanned at the dock; absent: every parcel waiting on the slip. */
      trackingNumbers: z.optional(
        z
          .array(z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(64)))
          .check(
            z.minLength(1, 'Scannez au moins un colis'),
            z.maxLength(MAX_SLIP_PARCELS, `Au plus ${MAX_SLIP_PARCELS} colis par bordereau`),
          ),
      ),
    }),
  ),
  response: carrierSlipCloseSchema,
})
