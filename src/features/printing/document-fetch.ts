/**
 * The page fetches each document before a print and hands QZ Tray its bytes (issue 30). QZ Tray
 * used to download the links itself (flavor 'file'), but it is a Java program: once the site is
 * served over https with its private root, it trusts neither that root nor the workstation's
 * store, and prints failed at the desk while the page worked. The page trusts the site; the links
 * are signed and short-lived (docs/qz-tray-protocol.md), so no token is sent with them.
 */
import { absoluteUrl, type DocumentBytes, type PrintableFile } from './print-data.ts'

/** A document is drawn when fetched: a long pick list may take a while, a dead server must not. */
export const DOCUMENT_FETCH_TIMEOUT_MS = 30_000

export const documentFetchFailed = (detail: string) =>
  `Le document à imprimer n'a pas pu être récupéré auprès du serveur (${detail}) : rien n'a été imprimé, vous pouvez relancer l'impression.`

/** A document could not be fetched; nothing was sent to the printer. The message is for the user. */
export class DocumentFetchError extends Error {
  constructor(detail: string, options?: ErrorOptions) {
    super(documentFetchFailed(detail), options)
    this.name = 'DocumentFetchError'
  }
}

export type DocumentFetcher = (url: string, init: RequestInit) => Promise<Response>

/** Looked up at each call, not at import: tests and the service worker's page may replace it. */
const globalFetch: DocumentFetcher = (url, init) => fetch(url, init)

/**
 * Every document's bytes, in order; a DocumentFetchError when any of them fails, so a job is sent
 * whole or not at all. Paths resolve against the API host, as the links' own server answered them.
 */
export function fetchDocuments(
  documents: readonly PrintableFile[],
  baseUrl: string | undefined,
  fetcher: DocumentFetcher = globalFetch,
): Promise<DocumentBytes[]> {
  return Promise.all(
    documents.map(async ({ url, format }) => ({
      format,
      bytes: await fetchBytes(absoluteUrl(sameServer(url), baseUrl), fetcher),
    })),
  )
}

/**
 * A link to the server's own documents is fetched from the API host the page already talks to,
 * whatever address the server wrote into it (the one the request reached, which a page opened at
 * a name or behind a proxy may not share): same origin, same trust, no cross-origin request.
 */
export function sameServer(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.pathname.startsWith('/rest/documents/') ? `${parsed.pathname}${parsed.search}` : url
  } catch {
    return url // already a path
  }
}

async function fetchBytes(url: string, fetcher: DocumentFetcher): Promise<Uint8Array> {
  let response: Response
  try {
    response = await fetcher(url, {
      // The signed link is the permission: no cookie, no token; and never a cached copy.
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(DOCUMENT_FETCH_TIMEOUT_MS),
    })
  } catch (error) {
    // By name: a DOMException is no Error in every engine (jsdom).
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError'
    throw new DocumentFetchError(timedOut ? 'délai dépassé' : 'serveur injoignable', { cause: error })
  }
  if (!response.ok) throw new DocumentFetchError(`erreur ${response.status}`)
  try {
    return new Uint8Array(await response.arrayBuffer())
  } catch (error) {
    throw new DocumentFetchError('réponse interrompue', { cause: error })
  }
}
