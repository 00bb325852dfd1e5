/**
 * The demo's seven accounts have their name as password. On a server only this machine reaches
 * (`npm start`: HOST=127.0.0.1) that is the point; on one the warehouse network reaches it would
 * open the warehouse to anyone. So a reachable server does not create them unless SEED=on asks for
 * it (config.ts), refuses to start if its database already holds one still on its demo password,
 * and says at start which case it is in.
 */
import type { ServerConfig } from './config.ts'
import { isLoopback } from './config.ts'
import { verifyPassword } from './auth/password.ts'
import type { Db } from './db/connect.ts'
import { DEMO_USERS } from './db/seed/people.ts'

/** The demo accounts of the database whose password is still their name. */
export async function openDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where(
      'username',
      'in',
      DEMO_USERS.map((u) => u.username),
    )
    .orderBy('username')
    .execute()
  const open = await Promise.all(
    rows.map(async (r) => ((await verifyPassword(r.username, r.password_hash)) ? r.username : null)),
  )
  return open.filter((name): name is string => name !== null)
}

/**
 * What to say at start about demo accounts (null: nothing, a loopback server); throws, in French,
 * when a reachable server would serve demo accounts nobody asked for.
 */
export async function demoExposure(
  config: Pick<ServerConfig, 'host' | 'seedAsked'>,
  db: Db,
): Promise<string | null> {
  if (isLoopback(config.host)) return null
  const open = await openDemoAccounts(db)
  if (config.seedAsked)
    return open.length === 0
      ? null
      : `Attention : serveur joignable depuis le réseau (${config.host}) avec les comptes de démonstration ` +
          `(${open.join(', ')}), dont le mot de passe est l'identifiant : SEED=on les a demandés.`
  if (open.length > 0)
    throw new Error(
      `Serveur joignable depuis le réseau (HOST=${config.host}) : la base contient des comptes de démonstration ` +
        `dont le mot de passe est l'identifiant (${open.join(', ')}). Changez leur mot de passe, ou démarrez ` +
        `avec SEED=on pour les accepter en connaissance de cause.`,
    )
  return `Serveur joignable depuis le réseau (${config.host}) : pas de comptes de démonstration (SEED=on pour les créer).`
}
