/**
 * Workstations and their printers (docs/specification.md §7.3). A workstation is found through the name its browser
 * was given (WORKSTATION_HEADER), else the IP its user last reported (POST /rest/user/ip), else the
 * request's source address (see currentComputer).
 */
import type { FastifyRequest } from 'fastify'
import type { endpoints } from '../../contract/endpoints.ts'
import { WORKSTATION_HEADER } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../http/errors.ts'
import { plainIp } from '../http/plain-ip.ts'
import type { Handler } from '../http/register.ts'

type E = typeof endpoints

export const COMPUTER_MESSAGES = {
  notConfigured: 'Poste non configuré.',
  noPrinter: 'Aucune imprimante configurée pour ce poste.',
} as const

const computerAt = (db: Db, ip: string) =>
  db.selectFrom('computers').select(['id', 'name', 'ip']).where('ip', '=', plainIp(ip)).executeTakeFirst()

/**
 * How long a reported IP stands for its user's workstation. A browser that finds its IP reports it
 * every minute (docs/specification.md §4); one that finds none (masked, no route) reports nothing, and yesterday's
 * report from another desk must not send today's labels to that desk's printers: past this, the
 * request's source address decides. Five missed reports leave room for a scanner that slept.
 */
const REPORT_KEPT_MS = 5 * 60_000

/** The workstation name a browser sends, decoded; null when absent or not a name at all. */
function namedWorkstation(headers: FastifyRequest['headers']): string | null {
  const raw = headers[WORKSTATION_HEADER]
  // 64 characters, each at most 12 once encoded (a 4-byte UTF-8 character).
  if (typeof raw !== 'string' || raw === '' || raw.length > 64 * 12) return null
  try {
    const name = decodeURIComponent(raw)
    return name.length <= 64 && !name.includes('\0') ? name : null
  } catch {
    return null // Not URI encoding: no workstation has that name.
  }
}

/**
 * The user's workstation: the one this browser was named as, if it still exists; else the computer
 * at the IP the browser last reported, in the last few minutes (REPORT_KEPT_MS); failing that, the
 * one the request comes from. Browsers that mask local IPs behind mDNS names (Chrome without the
 * WebRtcLocalIpsAllowedUrls policy) or find none (no network route) report nothing, and on a
 * warehouse LAN without a proxy the source address is that same workstation (on the demo machine,
 * 127.0.0.1). Behind a proxy or NAT it is not: there, the browser is named.
 */
export async function currentComputer(db: Db, userId: number, request: FastifyRequest) {
  const name = namedWorkstation(request.headers)
  const named = name
    ? await db
        .selectFrom('computers')
        .select(['id', 'name', 'ip'])
        .where('name', '=', name)
        .executeTakeFirst()
    : undefined
  if (named) return named
  const reported = await db
    .selectFrom('user_ips')
    .innerJoin('computers', 'computers.ip', 'user_ips.ip')
    .select(['computers.id', 'computers.name', 'computers.ip'])
    .where('user_ips.user_id', '=', userId)
    .where('user_ips.reported_at', '>', new Date(Date.now() - REPORT_KEPT_MS))
    .executeTakeFirst()
  return reported ?? computerAt(db, request.ip)
}

const printersOf = (db: Db, computerId: number) =>
  db
    .selectFrom('printers')
    .select(['name', 'use', 'language'])
    .where('computer_id', '=', computerId)
    .orderBy('id')
    .execute()

export const computerExists: Handler<E['computerExists']> = async ({ db, user, request }) => {
  if (!(await currentComputer(db, user.id, request))) throw notFound(COMPUTER_MESSAGES.notConfigured)
}

export const printerList: Handler<E['printerList']> = async ({ db, user, request }) => {
  const computer = await currentComputer(db, user.id, request)
  const printers = computer ? await printersOf(db, computer.id) : []
  // docs/specification.md §8: the client tolerates this 404 (no printer yet) but not other failures.
  if (printers.length === 0) throw notFound(COMPUTER_MESSAGES.noPrinter)
  return printers
}

export const computerCheck: Handler<E['computerCheck']> = async ({ db, params }) => {
  const computer = await db
    .selectFrom('computers')
    .select('name')
    .where('ip', '=', plainIp(params.ip))
    .executeTakeFirst()
  return computer
    ? { ip: params.ip, configured: true, name: computer.name }
    : { ip: params.ip, configured: false }
}

export const qzComputer: Handler<E['qzComputer']> = async ({ db, user, request }) => {
  const computer = await currentComputer(db, user.id, request)
  if (!computer) throw notFound(COMPUTER_MESSAGES.notConfigured)
  return { name: computer.name, ip: computer.ip, printers: await printersOf(db, computer.id) }
}
