/**
 * The expected delivery's part of the reception model (issue 34, docs/stock.md): choosing one,
 * the figures the screen is given (the server's count, the outbox's waiting receptions), and
 * closing it, which the outbox sends behind every reception of that delivery made before. Reduced
 * here so model.ts keeps the scans and lines; the figures themselves are expected.ts's. Tested in
 * delivery.test.ts and model.test.ts.
 */
import type { ExpectedReception, ExpectedReceptionSummary } from '@contract'
import { closeProblem, emptyOutbox, type ExpectedChoice, type OutboxUnits } from './expected.ts'
import type { ReceptionState } from './model.ts'

export type DeliveryEvent =
  /** A delivery chosen in the list, or null: 'Sans annonce'. */
  | { type: 'expectedChosen'; choice: ExpectedChoice | null }
  /** The server's count of a delivery (read, or the answer of a reception against it). */
  | { type: 'noticeLoaded'; notice: ExpectedReception }
  | { type: 'outboxChanged'; outbox: OutboxUnits }
  | { type: 'closeAsked' }
  | { type: 'closeDismissed' }
  | { type: 'closeRefused'; message: string }
  /** The close was sent or queued: the screen goes back to a reception without notice. */
  | { type: 'closed' }

export const closeCleared = { closeAsked: false, closeError: undefined }
/** A reception without notice (model.ts initialReception). */
export const noDelivery = { expected: null, notice: null, outbox: emptyOutbox, closeAsked: false }

export function reduceDelivery(state: ReceptionState, event: DeliveryEvent): ReceptionState {
  switch (event.type) {
    case 'expectedChosen':
      if (event.choice?.id === state.expected?.id) return state
      // What will be sent changed: the last refusal (a delivery closed meanwhile) no longer applies.
      return {
        ...state,
        ...closeCleared,
        lines: state.lines.map(({ error: _error, ...line }) => line),
        refusal: null,
        scanNote: undefined,
        expected: event.choice,
        notice: null,
      }
    case 'noticeLoaded':
      return event.notice.id === state.expected?.id ? { ...state, notice: event.notice } : state
    case 'outboxChanged':
      return { ...state, outbox: event.outbox }
    case 'closeAsked': {
      if (!state.expected) return state
      const problem = closeProblem(state)
      return { ...state, closeAsked: problem === null, closeError: problem ?? undefined }
    }
    case 'closeDismissed':
      return { ...state, ...closeCleared }
    case 'closeRefused':
      return { ...state, closeAsked: false, closeError: event.message }
    case 'closed':
      return { ...state, ...closeCleared, expected: null, notice: null, scanNote: undefined }
  }
}

/** The close of the chosen delivery as an outbox write (kind 'receptionClose'), and its label. */
export function closeWrite(state: ReceptionState, shopSlug: string) {
  const choice = state.expected
  if (!choice) return null
  return {
    // A close moves no goods: no location. The outbox orders it by its delivery (targetId).
    write: { kind: 'receptionClose' as const, shopSlug, targetId: choice.id, location: '', body: undefined },
    label: `Clôture de la réception « ${choice.reference} »`,
  }
}

/** The open deliveries to choose from: a close waiting in the outbox has taken its delivery off. */
export const openChoices = (list: ExpectedReceptionSummary[], closing: number[]) =>
  list.filter((r) => r.status === 'open' && !closing.includes(r.id))

/** A reception write as the outbox holds it (outbox queuedWrites('reception')), as far as figures go. */
interface QueuedReception {
  status: string
  write: {
    shopSlug: string
    body: { expected?: number | string; lines: { code: string; quantity: number }[] }
  }
}
/** This shop's receptions in the outbox that name a delivery: units waiting, deliveries of refused ones. */
export function outboxUnits(writes: QueuedReception[], shopSlug: string): OutboxUnits {
  const counted = writes.filter((w) => w.write.shopSlug === shopSlug && w.write.body.expected !== undefined)
  return {
    waiting: counted
      .filter((w) => w.status === 'pending')
      .flatMap(({ write: { body } }) =>
        body.lines.map((l) => ({ expected: body.expected ?? '', code: l.code, quantity: l.quantity })),
      ),
    refused: counted.filter((w) => w.status === 'failed').map((w) => w.write.body.expected ?? ''),
  }
}

/**
 * The choice a refused reception reopened from the outbox was counted against: the screen always
 * sends the id, named back by the last list known (else by its number).
 */
export function choiceFor(ref: number | string | undefined, list: ExpectedReceptionSummary[] = []) {
  if (ref === undefined) return null
  const found = list.find((r) => r.id === ref || r.reference === ref)
  if (found) return { id: found.id, reference: found.reference }
  return typeof ref === 'number' ? { id: ref, reference: `n° ${ref}` } : null
}
