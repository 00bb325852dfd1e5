/**
 * Serves the built PWA (dist/) and answers everything else: an HTML navigation outside the API
 * gets index.html (the client router takes over: SPA fallback), anything else a JSON 404.
 * Cache: hashed /assets/* are immutable; index.html, sw.js and the other root files are
 * revalidated on every load so a new release is picked up at once.
 */
import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NOT_FOUND_BODY } from './errors.ts'

const API_PREFIX = /^\/(?:rest|api|admin\/api)(?:[/?#]|$)/

export const isApiPath = (url: string) => API_PREFIX.test(url)

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  )
}

function cacheControl(distDir: string, path: string): string {
  return relative(distDir, path).startsWith(`assets${sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache'
}

/** distDir is served only when it holds an index.html (i.e. `npm run build` has run). */
export async function installStaticAndFallback(
  app: FastifyInstance,
  distDir: string | null | undefined,
): Promise<void> {
  const spa = Boolean(distDir && existsSync(join(distDir, 'index.html')))
  if (spa && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build writes .br and .gz beside each text file (vite.config.ts): served as they are,
      // with no compression work per request.
      preCompressed: true,
      // No dotfile is part of the app; dist/.build-inputs (scripts/build-if-changed.mjs) stays private.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', cacheControl(distDir, path)),
    })
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (spa && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html')
    }
    return reply.code(404).send(NOT_FOUND_BODY)
  })
}
