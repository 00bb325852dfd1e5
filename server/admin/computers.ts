/**
 * Workstations and their printers (issue 16). A workstation has an IP, or none when it is known
 * by its name only (a browser named as it, see WORKSTATION_HEADER). A printer's name is its exact
 * name in the print agent (QZ Tray reports CUPS / Windows names; the admin screen fills it from
 * there), its use says what it prints (labels, A4) and its language how (PDF through a driver,
 * ZPL raw).
 */
import type { AdminComputer, AdminComputerData, AdminPrinter } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid } from '../http/errors.ts'
import { plainIp } from '../http/plain-ip.ts'
import { type Actor, adminChange, found, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

export async function listComputers(db: Db, id?: number): Promise<AdminComputer[]> {
  let query = db.selectFrom('computers').select(['id', 'name', 'ip']).orderBy('name')
  if (id !== undefined) query = query.where('id', '=', id)
  const computers = await query.execute()
  if (computers.length === 0) return []
  const printers = await db
    .selectFrom('printers')
    .select(['computer_id', 'name', 'use', 'language'])
    .where(
      'computer_id',
      'in',
      computers.map((c) => c.id),
    )
    .orderBy('id')
    .execute()
  return computers.map((c) => ({
    ...c,
    printers: printers
      .filter((p) => p.computer_id === c.id)
      .map(({ name, use, language }) => ({ name, use, language })),
  }))
}

const computerById = async (db: Db, id: number) =>
  found(await listComputers(db, id), ADMIN_MESSAGES.computerNotFound)

function checkPrinters(printers: readonly AdminPrinter[]) {
  const seen = new Set<string>()
  for (const p of printers) {
    if (seen.has(p.name)) throw invalid(ADMIN_MESSAGES.duplicatePrinter(p.name), 'printers')
    seen.add(p.name)
  }
}

const storedIp = (ip: string | null) => (ip === null ? null : plainIp(ip))

const computerUnique = (body: AdminComputerData) => ({
  computers_name_key: ['name', ADMIN_MESSAGES.computerNameTaken(body.name)] as const,
  computers_ip_key: ['ip', ADMIN_MESSAGES.computerIpTaken(storedIp(body.ip) ?? '')] as const,
})

async function setPrinters(trx: Db, computerId: number, printers: readonly AdminPrinter[]) {
  await trx.deleteFrom('printers').where('computer_id', '=', computerId).execute()
  if (printers.length > 0)
    await trx
      .insertInto('printers')
      .values(
        printers.map((p) => ({ computer_id: computerId, name: p.name, use: p.use, language: p.language })),
      )
      .execute()
}

export async function createComputer(db: Db, actor: Actor, body: AdminComputerData): Promise<AdminComputer> {
  checkPrinters(body.printers)
  return adminChange(db, actor, 'computer', async (trx) => {
    const { id } = await uniquely(
      () =>
        trx
          .insertInto('computers')
          .values({ name: body.name, ip: storedIp(body.ip) })
          .returning('id')
          .executeTakeFirstOrThrow(),
      computerUnique(body),
    )
    await setPrinters(trx, id, body.printers)
    return { key: body.name, action: 'create', before: null, after: await computerById(trx, id) }
  })
}

export async function updateComputer(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminComputerData,
): Promise<AdminComputer> {
  checkPrinters(body.printers)
  return adminChange(db, actor, 'computer', async (trx) => {
    const before = await computerById(trx, id)
    await uniquely(
      () =>
        trx
          .updateTable('computers')
          .set({ name: body.name, ip: storedIp(body.ip) })
          .where('id', '=', id)
          .execute(),
      computerUnique(body),
    )
    await setPrinters(trx, id, body.printers)
    const after = await computerById(trx, id)
    return { key: after.name, action: 'update', before, after }
  })
}

export async function deleteComputer(db: Db, actor: Actor, id: number): Promise<void> {
  await adminChange(db, actor, 'computer', async (trx) => {
    const before = await computerById(trx, id)
    await trx.deleteFrom('computers').where('id', '=', id).execute()
    return { key: before.name, action: 'delete', before, after: null }
  })
}
