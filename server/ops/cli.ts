/**
 * `npm run backup [file]` and `npm run restore <file>` for the embedded database of DATA_DIR (the
 * same environment as the server's). A running server makes the backup itself (ops/endpoint.ts);
 * a restore refuses while one runs. On PostgreSQL (DATABASE_URL) its own tools do both.
 * `npm run db:move -- --to <url>` copies it into an empty PostgreSQL database (ops/move.ts), the
 * server stopped.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { dumpStoppedDatabase, restoreDatabase, writeBackup } from './backup.ts'
import { moveToPostgres } from './move.ts'
import { runningServer } from './endpoint.ts'
import { processHolding } from './open-files.ts'

const USAGE =
  'usage : npm run backup [fichier.tar.gz] | npm run restore <fichier.tar.gz> | npm run db:move -- --to <postgres://…>'

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/:/g, '-')

/** No process has the database's files open: one without the ops door (an earlier release's server). */
function untouched(dataDir: string, toDo: string): void {
  const holder = processHolding(join(dataDir, 'pgdata'))
  if (holder !== null)
    throw new Error(`le processus ${holder} a la base de ${dataDir} ouverte : arrêtez-le avant de ${toDo}`)
}

async function backup(dataDir: string, file: string | undefined): Promise<void> {
  const out = resolve(file ?? `backups/entrepot-${stamp(new Date())}.tar.gz`)
  if (existsSync(out)) throw new Error(`${out} existe déjà : donnez un autre nom`)
  const server = await runningServer(dataDir)
  let data: Uint8Array
  if (server) {
    const answer = await server.call('POST', '/backup')
    if (!answer.ok)
      throw new Error(`le serveur (pid ${server.pid}) a répondu ${answer.status} : ${await answer.text()}`)
    data = new Uint8Array(await answer.arrayBuffer())
  } else {
    untouched(dataDir, 'la sauvegarder')
    data = await dumpStoppedDatabase(dataDir)
  }
  writeBackup(out, data)
  const by = server ? `copiée par le serveur en marche (pid ${server.pid})` : 'aucun serveur en marche'
  console.log(`Sauvegarde écrite : ${out} (${(data.byteLength / 1e6).toFixed(1)} Mo, ${by})`)
}

async function restore(dataDir: string, file: string | undefined): Promise<void> {
  if (!file) throw new Error(USAGE)
  const server = await runningServer(dataDir)
  if (server)
    throw new Error(
      `un serveur (pid ${server.pid}) utilise ${dataDir} : arrêtez-le, puis relancez la restauration`,
    )
  untouched(dataDir, 'la remplacer')
  const previous = await restoreDatabase(dataDir, resolve(file))
  console.log(`Base restaurée dans ${dataDir} depuis ${resolve(file)}`)
  if (previous)
    console.log(`L'ancienne base est gardée dans ${previous} (à supprimer une fois la restauration vérifiée)`)
}

async function move(dataDir: string, flag: string | undefined, url: string | undefined): Promise<void> {
  if (flag !== '--to' || !url) throw new Error(USAGE)
  const server = await runningServer(dataDir)
  if (server)
    throw new Error(
      `un serveur (pid ${server.pid}) utilise ${dataDir} : arrêtez-le, puis relancez le déplacement`,
    )
  untouched(dataDir, 'la déplacer')
  const report = await moveToPostgres(dataDir, url)
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(
    `Base déplacée : ${report.tables.length} tables, ${rows} lignes, identiques des deux côtés (lignes et sommes de contrôle), en ${(report.ms / 1000).toFixed(1)} s.`,
  )
  console.log(
    `La suite : démarrez le serveur avec DATABASE_URL (et WORKERS=2 si la machine a les cœurs), le même DATA_DIR (il garde les secrets et la clé QZ) ; la base embarquée de ${join(dataDir, 'pgdata')} n'a pas été modifiée : gardez-la jusqu'à ce que le site tourne sur PostgreSQL, puis supprimez-la.`,
  )
}

async function main(): Promise<void> {
  const [command, file, extra] = process.argv.slice(2)
  if (command === 'move') {
    // The source is DATA_DIR's embedded database, whatever DATABASE_URL says.
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined, WORKERS: undefined })
    return move(config.dataDir, file, extra)
  }
  if ((command !== 'backup' && command !== 'restore') || extra !== undefined) throw new Error(USAGE)
  const config = loadConfig()
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL est donné : la base est sur PostgreSQL. Sauvegardez avec pg_dump -Fc "$DATABASE_URL" -f fichier.dump, restaurez avec pg_restore --clean --if-exists -d "$DATABASE_URL" fichier.dump',
    )
  await (command === 'backup' ? backup : restore)(config.dataDir, file)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Échec : ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
