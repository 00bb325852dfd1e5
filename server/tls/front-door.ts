/**
 * With HTTPS on, PORT stays the door a device knocks at first: the address 'Premiers pas' gave
 * (http://<server>:8080), a bookmark, a QR code. There plain HTTP answers the installer page (so a
 * device can fetch the root before it trusts anything) and redirects everything else to HTTPS. A TLS
 * handshake arriving there is handed to the HTTPS server: once a browser has seen our HSTS header it
 * rewrites http://host:8080 to https://host:8080 by itself, and that must still open the app. The
 * first byte tells them apart: every TLS connection opens with a handshake record, 0x16.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http'
import { createServer as createNetServer, type Server as NetServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../contract/errors.ts'
import { lacksHost } from '../http/framework-errors.ts'
import { isApiPath } from '../http/static.ts'
import { INSTALLER_PATHS, isInstallerPath } from '../installer/paths.ts'
import { shopLanguage, shopMessages } from '../shop-api/language.ts'
import { isShopApiDocument, isShopApiPath } from '../shop-api/paths.ts'

const TLS_HANDSHAKE = 0x16

export const httpsRequired = (app: string, installer: string) =>
  `Le serveur de l'entrepôt ne répond qu'en HTTPS : ouvrez ${app} (le certificat du site s'installe depuis ${installer}). Les saisies en attente sur cette page y sont à refaire.`
/** A connection that says nothing at all is let go after this. */
const FIRST_BYTE_TIMEOUT_MS = 10_000

export interface FrontDoorOptions {
  httpsPort: number
  /** Names and addresses the certificate carries: a Host header not among them is not echoed. */
  names: () => readonly string[]
  publicOrigin?: string
}

export interface FrontDoor {
  /** Listens on PORT (net server); the plain HTTP server behind it, for its guard and timeouts. */
  server: NetServer
  plain: HttpServer
}

export function frontDoor(app: FastifyInstance, options: FrontDoorOptions): FrontDoor {
  // Node's parser would answer an HTTP/1.1 request without Host with a bare 400; the app's own
  // refusal (http/framework-errors.ts) says it in French with the security headers, as on HTTPS.
  const plain = createHttpServer({ requireHostHeader: false }, (request, response) => {
    const url = request.url ?? '/'
    if (isInstallerPath(url) || lacksHost(request)) return app.routing(request, response)
    // The shop API's reference page and document are read by people and tools: sent to HTTPS as
    // pages are, not refused as calls.
    if (isShopApiDocument(url)) return redirect(request, response, url, options)
    // An API call here comes from a page still open over plain HTTP (a handheld from before HTTPS
    // was turned on) or a script: a redirect would end in a failed cross-origin request, which
    // the app reads as 'no network' and retries forever. A refusal it shows says what to do.
    if (isApiPath(url)) return refuseApi(request, response, options)
    redirect(request, response, url, options)
  })
  const server = createNetServer((socket) => {
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy())
    socket.on('error', () => socket.destroy())
    socket.once('data', (first: Buffer) => {
      // Handed over with its first bytes put back: both servers read the connection from the start
      // (the pattern of the httpolyglot library; the TLS server takes bytes already read too).
      socket.pause()
      socket.unshift(first)
      socket.setTimeout(0)
      socket.removeAllListeners('timeout')
      const target = first[0] === TLS_HANDSHAKE ? app.server : plain
      target.emit('connection', socket)
      process.nextTick(() => socket.resume())
    })
  })
  return { server, plain }
}

/** 307 (not 301): not kept by browsers, so a site that goes back to HTTP is not stuck; HSTS is what makes HTTPS stick. */
function redirect(
  request: IncomingMessage,
  response: ServerResponse,
  url: string,
  options: FrontDoorOptions,
) {
  response.writeHead(307, {
    location: httpsUrl(request.headers.host, url, options),
    'cache-control': 'no-store',
    connection: 'close',
  })
  response.end()
}

function refuseApi(request: IncomingMessage, response: ServerResponse, options: FrontDoorOptions): void {
  const app = httpsUrl(request.headers.host, '/', options)
  const installer = `http://${request.headers.host ?? new URL(app).hostname}${INSTALLER_PATHS.page}`
  // A shop's program, not a page: told where the same call goes, in its language (shop-api/language.ts).
  const message = isShopApiPath(request.url ?? '')
    ? shopMessages(shopLanguage(request)).httpsOnly(httpsUrl(request.headers.host, request.url, options))
    : httpsRequired(app, installer)
  const body = JSON.stringify({ code: ERROR_CODES.httpsRequired, message })
  response.writeHead(426, {
    upgrade: 'TLS/1.3, HTTP/1.1',
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  })
  response.end(body)
}

/**
 * `url` on HTTPS, at the host the device used (`host`: its Host header, or HTTP/2's :authority)
 * when the certificate names it.
 */
export function httpsUrl(
  host: string | undefined,
  url: string | undefined,
  options: FrontDoorOptions,
): string {
  const path = url?.startsWith('/') ? url : '/'
  if (options.publicOrigin?.startsWith('https:')) return `${options.publicOrigin}${path}`
  const name = hostOf(host)
  const names = options.names()
  const chosen = name && names.includes(name) ? name : (names[0] ?? 'localhost')
  const shown = chosen.includes(':') ? `[${chosen}]` : chosen
  return `https://${shown}${options.httpsPort === 443 ? '' : `:${options.httpsPort}`}${path}`
}

/** The host of a Host header without its port, lower case; undefined when it is not one. */
function hostOf(header: string | undefined): string | undefined {
  if (!header) return undefined
  try {
    return new URL(`http://${header}/`).hostname.replace(/^\[|\]$/g, '').toLowerCase()
  } catch {
    return undefined
  }
}
