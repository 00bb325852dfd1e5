/**
 * What the flow's tasks (scan.ts, send.ts, set-aside.ts) share: the flow handle, the calls and the
 * printer they are handed (use-shipment.ts wires the real ones, the tests fakes), and what a failed
 * call means for the screen, decided once here so every task reads an error the same way.
 */
import {
  ERROR_CODES,
  type MonoBatch,
  type MonoShipment,
  type MultiShipmentPrint,
  type OrderPackaging,
  type ParcelLabel,
  type PrinterUse,
  type PrintDocument,
  type ScannedParcel,
  type ShipmentOrder,
} from '@contract'
import type { FlowHandle } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import type { ShipmentEvent } from './model.ts'
import type { ShipmentState } from './state.ts'

export type Flow = FlowHandle<ShipmentState, ShipmentEvent>

export interface ShipmentDeps {
  batch(name: string): Promise<MonoBatch>
  order(name: string): Promise<ShipmentOrder>
  shipMono(body: { pickingName: string; product: string }, key: string): Promise<MonoShipment>
  pack(body: { order: string; parcels: ScannedParcel[] }, key: string): Promise<OrderPackaging>
  printOrder(order: string, service: string | null, key: string): Promise<MultiShipmentPrint>
  addLabel(order: string, service: string | null): Promise<ParcelLabel>
  readLabel(order: string, trackingNumber: string): Promise<ParcelLabel>
  /** The order set aside in exception (set-aside.ts). */
  setAside(order: string, reason: string): Promise<unknown>
  newKey(): string
  /** To this station's printer for that use; rejects with a French message. */
  print(document: PrintDocument, use: PrinterUse): Promise<void>
}

/** What a failed call means for the screen. */
export type Outcome =
  | { kind: 'waiting' }
  | { kind: 'carrier'; message: string; retryable: boolean; order: string | undefined }
  | { kind: 'putBack'; message: string; order: string | undefined; location: string | null }
  | { kind: 'refused'; message: string }

export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: 'refused', message: messages.errors.unexpectedAnswer }
  const { message, detail } = error
  // Before the status: a carrier's refusal is a 502, which would otherwise read as 'try later'.
  if (error.code === ERROR_CODES.carrierRefused)
    return { kind: 'carrier', message, retryable: detail.retryable ?? false, order: detail.order }
  if (error.code === ERROR_CODES.orderCancelled)
    return { kind: 'putBack', message, order: detail.order, location: detail.putBack ?? null }
  return error.isRetryable ? { kind: 'waiting' } : { kind: 'refused', message }
}

/** What to say of a call the packer makes again by hand: `offline` when unanswered, else the server's words. */
export function failedText(error: unknown, offline: string): string {
  const outcome = outcomeOf(error)
  return outcome.kind === 'waiting' ? offline : outcome.message
}

/** A thrown printer failure (or anything else) as text: the printer's messages are French already. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))
