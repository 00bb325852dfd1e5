import { describe, expect, it, vi } from 'vitest'
import { DocumentFetchError, fetchDocuments, type DocumentFetcher } from './document-fetch.ts'

const PDF = '%PDF-1.4\n%%EOF\n'
const ZPL = '^XA^XZ'
const serve =
  (files: Record<string, string | number>): DocumentFetcher =>
  async (url) => {
    const file = files[url] ?? 404
    return typeof file === 'number' ? new Response('{}', { status: file }) : new Response(file)
  }

describe('fetchDocuments (issue 30: the page fetches, QZ Tray gets the bytes)', () => {
  it('fetches each link (paths against the API host) without credentials nor cache, in order', async () => {
    const fetcher = vi.fn(
      serve({
        'https://api.example.fr/rest/documents/a': PDF,
        'https://api.example.fr/rest/documents/b?x=1': ZPL,
        'https://shop.example/fichier.pdf': PDF,
      }),
    )
    const fetched = await fetchDocuments(
      [
        { url: '/rest/documents/a', format: 'pdf' },
        // The server's own documents come from the API host whatever address the link names
        // (the one the request reached): same origin as every other call.
        { url: 'https://10.0.0.5:8443/rest/documents/b?x=1', format: 'zpl' },
        { url: 'https://shop.example/fichier.pdf', format: 'pdf' },
      ],
      'https://api.example.fr',
      fetcher,
    )
    // Compared as text: jsdom's Uint8Array and the Response's come from two realms.
    expect(fetched.map(({ format, bytes }) => ({ format, text: new TextDecoder().decode(bytes) }))).toEqual([
      { format: 'pdf', text: PDF },
      { format: 'zpl', text: ZPL },
      { format: 'pdf', text: PDF },
    ])
    for (const [, init] of fetcher.mock.calls) {
      expect(init).toMatchObject({ credentials: 'omit', cache: 'no-store' })
      expect(init.signal).toBeInstanceOf(AbortSignal)
      expect(init.headers).toBeUndefined() // the signed link is the permission: no token
    }
  })

  it('fails the whole job, in French, when the server answers an error or cannot be reached', async () => {
    const documents = [
      { url: 'https://h/rest/documents/ok', format: 'pdf' as const },
      { url: 'https://h/rest/documents/expired', format: 'pdf' as const },
    ]
    const expired = fetchDocuments(
      documents,
      undefined,
      serve({ '/rest/documents/ok': PDF, '/rest/documents/expired': 410 }),
    )
    await expect(expired).rejects.toBeInstanceOf(DocumentFetchError)
    await expect(expired).rejects.toThrow(
      "Le document à imprimer n'a pas pu être récupéré auprès du serveur (erreur 410) : rien n'a été imprimé, vous pouvez relancer l'impression.",
    )
    const offline = fetchDocuments(documents, undefined, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    )
    await expect(offline).rejects.toThrow(/\(serveur injoignable\).+relancer l'impression/)
    const slow = () => Promise.reject(new DOMException('signal timed out', 'TimeoutError'))
    await expect(fetchDocuments(documents, undefined, slow)).rejects.toThrow('(délai dépassé)')
  })
})
