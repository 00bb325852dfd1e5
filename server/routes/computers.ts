/**
 * Workstations and their printers (SPEC §7.3). A workstation is found through the IP its user
 * last reported (POST /rest/user/ip): the browser cannot name the machine it runs on.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../http/errors.ts'
import type { Handler } from '../http/register.ts'

type E = typeof endpoints

export const COMPUTER_MESSAGES = {
  notConfigured: 'Poste non configuré.',
  noPrinter: 'Aucune imprimante configurée pour ce poste.',
} as const

/** The computer at the user's last reported IP, or undefined (no report, or no such computer). */
export async function currentComputer(db: Db, userId: number) {
  return db
    .selectFrom('user_ips')
    .innerJoin('computers', 'computers.ip', 'user_ips.ip')
    .select(['computers.id', 'computers.name', 'computers.ip'])
    .where('user_ips.user_id', '=', userId)
    .executeTakeFirst()
}

const printersOf = (db: Db, computerId: number) =>
  db
    .selectFrom('printers')
    .select(['name', 'use'])
    .where('computer_id', '=', computerId)
    .orderBy('id')
    .execute()

export const computerExists: Handler<E['computerExists']> = async ({ db, user }) => {
  if (!(await currentComputer(db, user.id))) throw notFound(COMPUTER_MESSAGES.notConfigured)
}

export const printerList: Handler<E['printerList']> = async ({ db, user }) => {
  const computer = await currentComputer(db, user.id)
  const printers = computer ? await printersOf(db, computer.id) : []
  // SPEC §8: the client tolerates this 404 (no printer yet) but not other failures.
  if (printers.length === 0) throw notFound(COMPUTER_MESSAGES.noPrinter)
  return printers
}

export const computerCheck: Handler<E['computerCheck']> = async ({ db, params }) => {
  const computer = await db
    .selectFrom('computers')
    .select('name')
    .where('ip', '=', params.ip)
    .executeTakeFirst()
  return computer
    ? { ip: params.ip, configured: true, name: computer.name }
    : { ip: params.ip, configured: false }
}

export const qzComputer: Handler<E['qzComputer']> = async ({ db, user }) => {
  const computer = await currentComputer(db, user.id)
  if (!computer) throw notFound(COMPUTER_MESSAGES.notConfigured)
  return { name: computer.name, ip: computer.ip, printers: await printersOf(db, computer.id) }
}
