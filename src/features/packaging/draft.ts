/**
 * The order shown and its parcels being changed, kept on the device (useScanFlow's draft,
 * IndexedDB, per user) after every change: a reload or a killed tab gives them back, then the
 * order is read again from the server (the model marks it stale). Dropped when nothing is shown.
 */
import { warehouseDraft, type DraftOptions } from '@/features/scanning'
import { savePackaging, type PackagingEvent, type PackagingState, type SavedPackaging } from './model.ts'
import { text as t } from './text.ts'

/** Orders with nothing left to do here: every parcel labelled, or gone on (issue 31: no stale banner). */
const DONE = new Set(['labelled', 'manifested', 'shipped', 'partially_returned', 'returned', 'cancelled'])

export const packagingDraft: DraftOptions<PackagingState, PackagingEvent> = warehouseDraft(
  'packaging',
  savePackaging,
  ({ view, edit }: SavedPackaging) => t.restored(view.order.name, edit !== null),
  undefined,
  {
    // A parcel change being made keeps it open, whatever the order's status.
    open: ({ view, edit }) => edit !== null || !DONE.has(view.order.status),
    subject: ({ view }) => view.order.name,
  },
)
