/**
 * /installer: the page, the root certificate (DER for devices, PEM for people), the live check and
 * its script, and /installer/etat.json (what the administration shows). Public: a device that
 * trusts nothing yet, and has no account on it, must get the root. It gives nothing else: the root
 * certificate and the names the server certificate already shows to any client.
 */
import { X509Certificate } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import QRCode from 'qrcode'
import { notFound } from '../http/errors.ts'
import type { TlsMaterial } from '../tls/material.ts'
import { httpsUrl } from '../tls/front-door.ts'
import { installerPage, VERIFIER_SCRIPT } from './page.ts'
import { INSTALLER_PATHS as PATHS } from './paths.ts'

export interface InstallerOptions {
  /** The material in use now (it changes on reload); null when the server speaks plain HTTP. */
  tls: () => TlsMaterial | null
  httpsPort: number
  /** The port of plain HTTP, for the page's own address on a handheld. */
  httpPort: number
  publicOrigin?: string
}

export function registerInstaller(app: FastifyInstance, options: InstallerOptions): void {
  const urls = (request: FastifyRequest) => {
    const tls = options.tls()
    const door = {
      httpsPort: options.httpsPort,
      names: () => tls?.info.names ?? [],
      publicOrigin: options.publicOrigin,
    }
    // The app's address as this device reached the server (the page's own path left out).
    // request.host: the Host header, or HTTP/2's :authority (the installer answers over both).
    const appUrl = httpsUrl(request.host, '/', door)
    const host = new URL(appUrl).host.replace(/:\d+$/, '')
    return {
      appUrl,
      checkUrl: `${appUrl.replace(/\/$/, '')}${PATHS.check}`,
      pageUrl: `http://${host}:${options.httpPort}${PATHS.page}`,
    }
  }

  app.get(PATHS.page, async (request, reply) => {
    const tls = options.tls()
    const { appUrl, checkUrl, pageUrl } = urls(request)
    const html = installerPage({
      tls: tls?.info ?? null,
      hasRoot: Boolean(tls?.rootPem),
      appUrl,
      pageUrl,
      checkUrl,
      qr: { app: await qr(appUrl), page: await qr(pageUrl) },
    })
    // Its own policy: the check reaches the HTTPS origin from the plain HTTP page.
    const https = new URL(checkUrl).origin
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ${https}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(html)
  })

  app.get(PATHS.checkScript, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(VERIFIER_SCRIPT),
  )

  // Answered by any origin: the plain HTTP page asks it of the HTTPS one.
  app.get(PATHS.check, async (request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .send({ trusted: Boolean((request.raw.socket as { encrypted?: boolean }).encrypted) }),
  )

  // The root, as DER for devices (Android's 'Certificat CA', iOS profiles) and as PEM for people.
  const downloads = [
    {
      path: PATHS.rootDer,
      type: 'application/x-x509-ca-cert',
      body: (pem: string) => new X509Certificate(pem).raw,
    },
    { path: PATHS.rootPem, type: 'application/x-pem-file', body: (pem: string) => pem },
  ]
  for (const { path, type, body } of downloads)
    app.get(path, async (_request, reply) => {
      const root = options.tls()?.rootPem
      if (!root) throw notFound('Aucune racine à installer sur ce serveur.')
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="${path.split('/').pop()}"`)
        .header('cache-control', 'no-cache')
        .send(body(root))
    })

  app.get(PATHS.state, async (request, reply) => {
    const tls = options.tls()
    const { appUrl, pageUrl } = urls(request)
    return reply.header('cache-control', 'no-store').send({
      https: Boolean(tls),
      appUrl,
      installerUrl: pageUrl,
      certificate: tls?.info ?? null,
      qr: tls ? await qr(appUrl) : null,
    })
  })
}

const qrCache = new Map<string, string>()

/** The QR code of `url` as inline SVG (a few hundred addresses at most over a server's life). */
async function qr(url: string): Promise<string> {
  let svg = qrCache.get(url)
  if (!svg) {
    svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
    if (qrCache.size > 200) qrCache.clear()
    qrCache.set(url, svg)
  }
  return svg
}
