/**
 * What the HTTPS server presents, from the site's files (TLS_CERT_FILE / TLS_KEY_FILE) or from the
 * generated ones (site-files.ts), and how it follows their changes without dropping a connection:
 * the files are looked at every few seconds and on SIGHUP, and a new pair is handed to
 * `server.setSecureContext` (new handshakes use it; open connections keep theirs).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { ServerConfig } from '../config.ts'
import { certificatesIn } from '../crypto/x509.ts'
import { fingerprint, namesOf } from './certificates.ts'
import { wantedNames } from './names.ts'
import { ensureSiteFiles, readSiteFiles, ROOT_CERTIFICATE, SERVER_FILE, TLS_FOLDER } from './site-files.ts'

export interface TlsMaterial {
  source: 'given' | 'generated'
  keyPem: string
  /** The server certificate and the chain after it. */
  certPem: string
  /** The root devices install: the generated one, or the top of a given chain when it is a CA. */
  rootPem: string | undefined
  info: TlsInfo
}

/** What /installer and the administration show of the certificate. */
export interface TlsInfo {
  source: 'given' | 'generated'
  names: string[]
  validTo: string
  rootName: string | undefined
  rootFingerprint: string | undefined
  rootValidTo: string | undefined
}

type TlsConfig = Pick<ServerConfig, 'tls' | 'dataDir' | 'host' | 'publicOrigin'>

/** The generated files made or renewed as due; only the process that writes calls this. */
export function prepareTls(config: TlsConfig, now = new Date()): void {
  if (!config.tls.enabled || config.tls.certFile) return
  const made = ensureSiteFiles(config.dataDir, namesFor(config), hostname().split('.')[0] || 'entrepot', now)
  if (made === 'root')
    console.log(
      `Racine HTTPS du site créée : ${join(config.dataDir, TLS_FOLDER, ROOT_CERTIFICATE)} (à installer sur chaque appareil : /installer)`,
    )
  else if (made === 'server') console.log('Certificat HTTPS du serveur émis par la racine du site')
}

const namesFor = (config: TlsConfig) =>
  wantedNames({ host: config.host, publicOrigin: config.publicOrigin, extraNames: config.tls.extraNames })

export function loadTls(config: TlsConfig): TlsMaterial {
  const { certFile, keyFile } = config.tls
  if (certFile && keyFile) {
    const certPem = readFileSync(certFile, 'utf8')
    const keyPem = readFileSync(keyFile, 'utf8')
    const chain = certificatesIn(certPem).map((pem) => new X509Certificate(pem))
    const leaf = chain[0]
    if (!leaf) throw new Error(`TLS_CERT_FILE ${certFile} ne contient aucun certificat PEM`)
    if (!leaf.checkPrivateKey(createPrivateKey(keyPem)))
      throw new Error(`TLS_KEY_FILE ${keyFile} n'est pas la clé du certificat ${certFile}`)
    const top = chain.length > 1 ? chain.at(-1) : undefined
    return {
      source: 'given',
      keyPem,
      certPem,
      rootPem: top?.ca ? top.toString() : undefined,
      info: infoOf('given', leaf, top?.ca ? top : undefined),
    }
  }
  const files = readSiteFiles(config.dataDir)
  const leaf = new X509Certificate(certificatesIn(files.certPem)[0] ?? '')
  return {
    source: 'generated',
    ...files,
    info: infoOf('generated', leaf, new X509Certificate(files.rootPem)),
  }
}

function infoOf(
  source: TlsInfo['source'],
  leaf: X509Certificate,
  root: X509Certificate | undefined,
): TlsInfo {
  return {
    source,
    names: namesOf(leaf),
    validTo: new Date(leaf.validTo).toISOString(),
    rootName: root?.subject.replace(/^CN=/, ''),
    rootFingerprint: root && fingerprint(root),
    rootValidTo: root && new Date(root.validTo).toISOString(),
  }
}

/** The files a reload follows. */
const watchedFiles = (config: TlsConfig) =>
  config.tls.certFile && config.tls.keyFile
    ? [config.tls.certFile, config.tls.keyFile]
    : [join(config.dataDir, TLS_FOLDER, SERVER_FILE)]

export interface TlsWatch {
  /** Looks at the files now (SIGHUP). */
  reload(): void
  stop(): void
}

/**
 * Calls `onChange` with the new material whenever the files change (checked every `everyMs`), or
 * on reload(). The writer (`renew`) also issues a new certificate when an address appears or the
 * date comes (every minute). A pair that does not load is reported and the current one kept.
 */
export function watchTls(
  config: TlsConfig,
  onChange: (material: TlsMaterial) => void,
  { renew = false, everyMs = 2_000, renewEveryMs = 60_000 } = {},
): TlsWatch {
  const files = watchedFiles(config)
  const stamp = () =>
    files
      .map((file) => {
        try {
          const s = statSync(file)
          return `${s.mtimeMs}:${s.size}:${s.ino}`
        } catch {
          return 'absent'
        }
      })
      .join('|')
  let seen = stamp()
  const check = (force: boolean) => {
    const now = stamp()
    if (!force && now === seen) return
    seen = now
    try {
      onChange(loadTls(config))
    } catch (error) {
      console.error(
        `Certificat HTTPS non rechargé, l'actuel est gardé : ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  const timer = setInterval(() => check(false), everyMs)
  timer.unref()
  const stopRenewal = renew ? startRenewal(config, renewEveryMs) : () => {}
  return {
    reload: () => check(true),
    stop: () => {
      clearInterval(timer)
      stopRenewal()
    },
  }
}

/**
 * The generated certificate issued again when an address appears or its date comes, looked at every
 * `everyMs`, by the one process that writes the files (the others see them change). Returns the
 * function that stops it.
 */
export function startRenewal(config: TlsConfig, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    try {
      prepareTls(config)
    } catch (error) {
      console.error('Renouvellement du certificat HTTPS impossible :', error)
    }
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
