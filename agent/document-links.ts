/**
 * What the virtual agent downloads for a print's `file` flavor: the server's own document links
 * only (`<origin>/rest/documents/<token>`, docs/printing.md), from the origins it was given. A
 * signed print used to make it fetch any URL (issue 35: `/rest/admin/users`, the OpenAPI document)
 * and write the answer among the prints; a real QZ Tray is kept to the site's own calls by the
 * server, which signs no other link (server/qz/call-policy.ts).
 */

/** The path of a document link: a signed token, `<body>.<signature>` in base64url. */
const DOCUMENT_PATH = /^\/rest\/documents\/[\w-]+\.[\w-]+$/

export const linkRefused = (url: string, origins: readonly string[]) =>
  origins.length === 0
    ? `Lien refusé : cet agent ne télécharge aucun document (aucune origine de serveur configurée, AGENT_DOCUMENT_ORIGIN) : ${url}`
    : `Lien refusé : cet agent ne télécharge que les documents du serveur (${origins.map((o) => `${o}/rest/documents/…`).join(', ')}) : ${url}`

/** The origins as `new URL` writes them (lower-case, default port dropped); throws on a bad one. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    const url = new URL(origin)
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare)
      throw new Error(`AGENT_DOCUMENT_ORIGIN: "${origin}" is not an http(s) origin`)
    return url.origin
  })
}

/** True for a link to one of `origins`' documents, and nothing more (no query, no user, no fragment). */
export function isDocumentLink(url: URL, origins: readonly string[]): boolean {
  return (
    origins.includes(url.origin) &&
    DOCUMENT_PATH.test(url.pathname) &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  )
}
