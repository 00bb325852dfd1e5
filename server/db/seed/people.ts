/** Demo accounts (README.md "Demo accounts": password = user name), carriers and workstations. */
import { networkInterfaces } from 'node:os'
import { WAREHOUSE_ROLES, type WarehouseRole } from '../../../contract/index.ts'
import { hashPassword } from '../../auth/password.ts'
import type { Db } from '../connect.ts'
import type { PrinterUse } from '../schema.ts'

interface DemoUser {
  username: string
  displayName: string
  roles: readonly WarehouseRole[] | null
  /** null = every shop */
  shops: readonly string[] | null
  debug?: boolean
  admin?: boolean
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo',
    displayName: 'Démo Entrepôt',
    roles: WAREHOUSE_ROLES,
    shops: null,
    admin: true,
  },
  { username: 'preparateur', displayName: 'Lucas Bernard', roles: ['Picking'], shops: null },
  { username: 'expedition', displayName: 'Chloé Petit', roles: ['Shipping', 'Barcode'], shops: null },
  {
    username: 'stock',
    displayName: 'Hugo Moreau',
    roles: ['Reception', 'Inventory', 'Transfer', 'Rebut'],
    shops: null,
  },
  { username: 'retours', displayName: 'Emma Laurent', roles: ['ReturnProduct', 'Print'], shops: null },
  { username: 'debug', displayName: 'Léo Fournier', roles: ['Picking', 'Print'], shops: null, debug: true },
  {
    username: 'boutique',
    displayName: 'Sarah Girard',
    roles: null,
    shops: ['maison-lumiere', 'atelier-velo'],
  },
]

export const DEMO_CARRIERS = [
  { code: 'colissimo', name: 'Colissimo' },
  { code: 'chronopost', name: 'Chronopost' },
  { code: 'dpd', name: 'DPD' },
  { code: 'gls', name: 'GLS' },
  { code: 'mondial-relay', name: 'Mondial Relay' },
] as const

export const DEMO_COMPUTERS: readonly {
  name: string
  ip: string
  printers: { name: string; use: PrinterUse }[]
}[] = [
  // The machine running the demo: a browser on it reports 127.0.0.1 only when it cannot see a
  // LAN address, but tests and `curl` do, so printing works out of the box there.
  {
    name: 'Poste expédition 1',
    ip: '127.0.0.1',
    printers: [
      { name: 'Zebra ZD421', use: 'label' },
      { name: 'HP LaserJet A4', use: 'a4' },
    ],
  },
  {
    name: 'Poste réception',
    ip: '192.168.1.42',
    printers: [
      { name: 'Zebra ZD420', use: 'label' },
      { name: 'Brother HL-L2350DW', use: 'a4' },
    ],
  },
  { name: 'Poste retours', ip: '192.168.1.43', printers: [{ name: 'Zebra GK420d', use: 'label' }] },
]

/**
 * The machine running the demo, by each of its own LAN addresses: a browser on it that exposes its
 * real local IP (see docs/printing.md on Chrome's mDNS masking) is then a configured workstation with the
 * virtual agent's printers, so `npm start` prints out of the box.
 */
export function localDemoComputers(): typeof DEMO_COMPUTERS {
  const taken = new Set(DEMO_COMPUTERS.map((c) => c.ip))
  const ips = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && (i.family === 'IPv4' || i.family === 'IPv6') && !taken.has(i.address))
    .map((i) => (i as { address: string }).address)
  return [...new Set(ips)].map((ip) => ({
    name: `Poste local (${ip})`,
    ip,
    printers: [
      { name: 'Zebra ZD421', use: 'label' },
      { name: 'HP LaserJet A4', use: 'a4' },
    ],
  }))
}

export async function seedPeople(trx: Db, shopIdsBySlug: ReadonlyMap<string, number>): Promise<void> {
  // scrypt runs on libuv's thread pool: hashing in parallel keeps the seed fast.
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.username)))
  const users = await trx
    .insertInto('users')
    .values(
      DEMO_USERS.map((u, i) => ({
        username: u.username,
        password_hash: hashes[i] as string,
        display_name: u.displayName,
        email: `${u.username}@entrepot.local`,
        debug: u.debug ?? false,
        admin: u.admin ?? false,
        warehouse_access: u.roles !== null,
        roles: [...(u.roles ?? [])],
      })),
    )
    .returning(['id', 'username'])
    .execute()

  const memberships = users.flatMap((row) => {
    const demo = DEMO_USERS.find((u) => u.username === row.username)
    const slugs = demo?.shops ?? [...shopIdsBySlug.keys()]
    return slugs.map((slug) => ({ user_id: row.id, shop_id: shopIdsBySlug.get(slug) as number }))
  })
  await trx.insertInto('user_shops').values(memberships).execute()

  await trx
    .insertInto('carriers')
    .values([...DEMO_CARRIERS])
    .execute()

  const demoComputers = [...DEMO_COMPUTERS, ...localDemoComputers()]
  const computers = await trx
    .insertInto('computers')
    .values(demoComputers.map(({ name, ip }) => ({ name, ip })))
    .returning(['id', 'name'])
    .execute()
  await trx
    .insertInto('printers')
    .values(
      demoComputers.flatMap((c) => {
        const id = computers.find((row) => row.name === c.name)?.id as number
        return c.printers.map((p) => ({ computer_id: id, name: p.name, use: p.use }))
      }),
    )
    .execute()
}
