/**
 * The history's 'Réimprimer' (issue 16): the same document, on the same printer when this
 * workstation still has it (else one of the same kind), and always a word to the user: a toast
 * naming the printer, or the French reason it could not. A logged link lives about 10 minutes; an
 * older one is first exchanged for a fresh link (POST /rest/print/document-link), the server
 * checking that the user may still have that document.
 */
import { documentRelink, type PrintDocument } from '@contract'
import { useCallback } from 'react'
import { usePrint, usePrinters } from '@/features/printing'
import { callApi } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import { needsFreshLink, reprintUse, type PrintLogEntry } from './model.ts'
import { printHistoryText as t } from './text.ts'

/** The document to send: the logged link while it is fresh, else a fresh link from the server. */
export async function documentToReprint(entry: PrintLogEntry, now = Date.now()): Promise<PrintDocument> {
  if (!entry.link) throw new Error(t.noLink)
  if (needsFreshLink(entry, now)) return callApi(documentRelink, { body: { url: entry.link } })
  return { title: entry.name, url: entry.link, format: entry.format ?? 'pdf', expiresAt: '' }
}

/** Reprints an entry and says how it went; never rejects. */
export function useReprint(): (entry: PrintLogEntry) => Promise<void> {
  const print = usePrint()
  const { printerFor } = usePrinters()
  return useCallback(
    async (entry: PrintLogEntry) => {
      const use = reprintUse(entry)
      try {
        const document = await documentToReprint(entry)
        await print({ document, use, printer: entry.printer, pickingType: entry.type || undefined })
        const printer = printerFor(use, entry.printer)?.name ?? entry.printer ?? ''
        showToast({ color: 'green', message: t.reprinted(document.title, printer) })
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : t.unknownError
        showToast({ color: 'red', message: t.reprintFailed(entry.name, reason) })
      }
    },
    [print, printerFor],
  )
}
