/**
 * The history's 'Réimprimer' (issue 16): the same document, on the same printer when this
 * workstation still has it (else one of the same kind), and always a word to the user: a toast
 * naming the printer it went to, or the French reason it could not. A logged link lives about 10
 * minutes; an older one is first exchanged for a fresh link (POST /rest/print/document-link), the
 * server checking that the user may still have that document.
 *
 * The print itself is the printing feature's: the route hands its print function in (features
 * never import each other).
 */
import { documentRelink, type PrintDocument } from '@contract'
import { callApi } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import {
  loggedDocument,
  needsFreshLink,
  reprintRequest,
  type PrintLogEntry,
  type ReprintRequest,
} from './model.ts'
import { printHistoryText as t } from './text.ts'

/** The workstation's print: resolves with the name of the printer it used. */
export type ReprintPrint = (request: ReprintRequest) => Promise<string>

/** The document to send: the logged link while it is fresh, else a fresh link from the server. */
export async function documentToReprint(entry: PrintLogEntry, now = Date.now()): Promise<PrintDocument> {
  if (!entry.link) throw new Error(t.noLink)
  if (!needsFreshLink(entry, now)) return loggedDocument(entry)
  const fresh = await callApi(documentRelink, { body: { url: entry.link } })
  // The logged paper when the server's answer does not say (the same document, so the same paper).
  return fresh.page || !entry.page ? fresh : { ...fresh, page: entry.page }
}

/** Reprints an entry with `print` and says how it went; never rejects. */
export async function reprintEntry(entry: PrintLogEntry, print: ReprintPrint): Promise<void> {
  try {
    const document = await documentToReprint(entry)
    const printer = await print(reprintRequest(entry, document))
    showToast({ color: 'green', message: t.reprinted(document.title, printer) })
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : t.unknownError
    showToast({ color: 'red', message: t.reprintFailed(entry.name, reason) })
  }
}
