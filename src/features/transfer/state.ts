/**
 * The transfer's state, its events and what is read straight off it: the types the model
 * (model.ts), the scan rules (scan.ts) and the draft (draft.ts) share, apart from the reducer.
 */
import type { BodyOf, endpoints } from '@contract'
import type { RecentWrite } from '@/features/scanning'
import type { Refusal } from '@/lib/refusal'
import { same, type Line, type Product, type StockLine } from './lines.ts'
import { text as t } from './text.ts'

export type TransferBody = BodyOf<typeof endpoints.warehouseTransfer>

export interface Source {
  name: string
  /** What it holds; null when it could not be checked (offline): the server checks at send. */
  stock: StockLine[] | null
}
export interface Destination {
  name: string
  /** False when the look-up could not reach the server. */
  verified: boolean
}
export type Step = 'source' | 'product' | 'destination'

export interface TransferState {
  source: Source | null
  /** The step that takes the next scan ('source' while there is no source). */
  step: Step
  /** Newest first. */
  lines: Line[]
  /** 'Tout le contenu': the whole source moves (no lines). */
  all: boolean
  destination: Destination | null
  sourceError?: string
  productError?: string
  destinationError?: string
  refusal: Refusal | null
  /** The outbox item (a refused write) this transfer corrects: it is replaced when this one is sent. */
  replaces: number | null
  /** The last transfer of this visit (one item). */
  recent: RecentWrite[]
  nextId: number
}

/** What a validation moved, for the last-transfer card and the toast (count null: all of an unread source). */
export interface Moved {
  from: string
  to: string
  count: number | null
}

export type TransferEvent =
  | { type: 'sourceScanned'; name: string; stock: StockLine[] | null }
  | { type: 'sourceRefused'; message: string }
  | { type: 'changeSource' }
  | { type: 'productScanned'; product: Product }
  | { type: 'productRefused'; message: string }
  | { type: 'allChosen' }
  | { type: 'changeProducts' }
  | { type: 'destinationAsked' }
  | { type: 'destinationScanned'; destination: Destination }
  | { type: 'destinationRefused'; message: string }
  | { type: 'changeDestination' }
  | { type: 'quantitySet'; id: string; quantity: number }
  | { type: 'lineRemoved'; id: string }
  | { type: 'cancelled' }
  | { type: 'sent'; moved: Moved; queued: boolean }
  | { type: 'refused'; refusal: Refusal; ids: string[] }
  | { type: 'restored'; saved: SavedTransfer }
  | {
      type: 'reopened'
      body: TransferBody
      refusal: Refusal
      outboxId: number
      /** The source's content as looked up again (null: unknown), and the destination as checked. */
      stock: StockLine[] | null
      destination: Destination | null
      destinationError?: string
    }

export const initialTransfer: TransferState = {
  source: null,
  step: 'source',
  lines: [],
  all: false,
  destination: null,
  refusal: null,
  replaces: null,
  recent: [],
  nextId: 1,
}

/** Something will move: lines, or the whole content. */
export const hasGoods = (state: TransferState) => state.all || state.lines.length > 0
/** Why this location cannot be the destination, or null. */
export const destinationProblem = (state: TransferState, name: string) =>
  state.source !== null && same(state.source.name, name) ? t.sameLocation : null

/** What is kept on the device between two visits (draft.ts): the transfer being prepared. */
export type SavedTransfer = Pick<
  TransferState,
  'source' | 'step' | 'lines' | 'all' | 'destination' | 'replaces'
>
