/** Sign-in, sign-out, the access profile and the workstation IP report (docs/specification.md §7.2). */
import type { endpoints } from '../../contract/endpoints.ts'
import { bearerClaims, endSession } from '../auth/sessions.ts'
import { signIn } from '../auth/sign-in.ts'
import { plainIp } from '../http/plain-ip.ts'
import type { Handler } from '../http/register.ts'
import { warehouseTimeZone } from '../warehouse-time.ts'

type E = typeof endpoints

export const ADMIN_PATH = '/admin'

export const loginCheck: Handler<E['loginCheck']> = ({ body, db, deps, request }) =>
  signIn(db, deps.jwtKey, body, request.ip)

export const logout: Handler<E['logout']> = async ({ db, deps, request }) =>
  endSession(db, await bearerClaims(deps.jwtKey, request.headers.authorization))

export const userAccess: Handler<E['userAccess']> = async ({ user, db }) => {
  const shops = await db
    .selectFrom('user_shops')
    .innerJoin('shops', 'shops.id', 'user_shops.shop_id')
    .select((eb) => [
      'shops.slug',
      'shops.name',
      eb
        .selectFrom('orders')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orders.shop_id', '=', 'shops.id')
        .where('orders.status', '=', 'to_pick')
        .as('order_count'),
    ])
    .where('user_shops.user_id', '=', user.id)
    .orderBy('shops.id')
    .execute()
  return {
    warehouse: user.warehouseAccess ? { roles: [...user.roles] } : null,
    // count() is a bigint: node-postgres answers it as a string, PGlite as a number.
    shops: shops.map((s) => ({ slug: s.slug, name: s.name, orderCount: Number(s.order_count ?? 0) })),
    debug: user.debug,
    // The admin area is a screen of this app: relative, it opens on whatever origin serves the app.
    ...(user.admin ? { adminUrl: ADMIN_PATH } : {}),
    user: { username: user.username, displayName: user.displayName, email: user.email },
    // The warehouse's time zone: the screens show every date in it, as the documents print them.
    timeZone: warehouseTimeZone(),
  }
}

export const reportUserIp: Handler<E['reportUserIp']> = async ({ user, body, db }) => {
  const reportedAt = new Date()
  const ip = plainIp(body.ip)
  await db
    .insertInto('user_ips')
    .values({ user_id: user.id, ip, reported_at: reportedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ip, reported_at: reportedAt }))
    .execute()
  return { ip: body.ip }
}
