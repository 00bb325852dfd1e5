/**
 * The order shown and its parcels being changed, kept on the device (useScanFlow's draft,
 * IndexedDB, per user) after every change: a reload or a killed tab gives them back, then the
 * order is read again from the server (the model marks it stale). Dropped when nothing is shown.
 */
import { savePackaging, type PackagingEvent, type SavedPackaging } from './model.ts'
import { text as t } from './text.ts'

export const packagingDraft = {
  screen: 'packaging',
  scope: 'entrepot',
  save: savePackaging,
  restore: (saved: unknown): PackagingEvent => ({ type: 'restored', saved: saved as SavedPackaging }),
  describe: (saved: unknown) => {
    const { view, edit } = saved as SavedPackaging
    return t.restored(view.order.name, edit !== null)
  },
}
