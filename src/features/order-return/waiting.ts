/**
 * 'Retours en attente' as a pure model: the returns waiting for a decision (parked without order,
 * or holding items 'hors commande'), one of them being attached to its order (scan the order) or
 * closed as it is (a second tap confirms), each decision one write of the outbox. Unit-tested in
 * waiting.test.ts; components/waiting-returns.tsx wires it.
 */
import type { CustomerReturn } from '@contract'
import type { FlowNoticeValue } from '@/features/scanning'
import { waitingText as t } from './text.ts'

export interface WaitingState {
  /** The return whose order is being scanned. */
  attaching: string | null
  /** The return whose 'Clore' waits for its confirmation. */
  closing: string | null
  /** The refusal of the last decision, by return number. */
  errors: Record<string, string>
  notice: FlowNoticeValue | null
}

export type WaitingEvent =
  | { type: 'attachAsked'; number: string }
  | { type: 'closeAsked'; number: string }
  | { type: 'dismissed' }
  | { type: 'resolved'; number: string; order: string | null; queued: boolean; waiting: boolean }
  | { type: 'refused'; number: string; message: string }

export const initialWaiting: WaitingState = { attaching: null, closing: null, errors: {}, notice: null }

const without = (errors: Record<string, string>, number: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== number))

export function reduceWaiting(state: WaitingState, event: WaitingEvent): WaitingState {
  switch (event.type) {
    case 'attachAsked':
      return { ...state, attaching: event.number, closing: null, errors: without(state.errors, event.number) }
    case 'closeAsked':
      return { ...state, closing: event.number, attaching: null, errors: without(state.errors, event.number) }
    case 'dismissed':
      return { ...state, attaching: null, closing: null }
    case 'resolved': {
      const { number, order, queued, waiting } = event
      const text = queued
        ? t.queued(number)
        : order === null
          ? t.closed(number)
          : waiting
            ? t.attachedWaiting(number, order)
            : t.attached(number, order)
      return {
        attaching: null,
        closing: null,
        errors: without(state.errors, number),
        notice: { tone: queued || waiting ? 'warning' : 'success', text },
      }
    }
    case 'refused':
      return { ...state, errors: { ...state.errors, [event.number]: event.message }, notice: null }
  }
}

/** The write of a decision: attach to `order` (as scanned), or close when it is null. */
export function resolveWrite(returnNumber: string, order: string | null) {
  return {
    write: {
      kind: 'resolve' as const,
      targetNumber: returnNumber,
      body: order === null ? {} : { order },
    },
    label: order === null ? t.closeLabel(returnNumber) : t.attachLabel(returnNumber, order),
  }
}

/** What a waiting return's card says of it. */
export function describeWaiting(r: CustomerReturn) {
  const units = r.lines.reduce((n, l) => n + l.quantity, 0)
  const outside = r.lines.filter((l) => !l.inOrder).reduce((n, l) => n + l.quantity, 0)
  return {
    title: r.order ? t.ofOrder(r.number, r.order.name) : t.withoutOrder(r.number),
    reason: [r.origin?.label, r.waitReason?.label].filter(Boolean).join(' · '),
    units: t.units(units, outside),
    lines: r.lines.map((l) => ({
      id: l.id,
      text: t.line(l.quantity, l.product?.name ?? l.code, l.product?.sku ?? null),
      outside: !l.inOrder,
    })),
    /** Only a parcel without order can be attached to one; any waiting return can be closed. */
    attachable: r.order === null,
  }
}
