/**
 * `npm run backup [file]` and `npm run restore <file>` for the embedded database of DATA_DIR (the
 * same environment as the server's). A running server makes the backup itself (ops/endpoint.ts);
 * a restore refuses while one runs. On PostgreSQL (DATABASE_URL) its own tools do both.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { dumpStoppedDatabase, restoreDatabase, writeBackup } from './backup.ts'
import { runningServer } from './endpoint.ts'
import { processHolding } from './open-files.ts'

const USAGE = 'usage : npm run backup [fichier.tar.gz] | npm run restore <fichier.tar.gz>'

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

async function main(): Promise<void> {
  const [command, file, extra] = process.argv.slice(2)
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
