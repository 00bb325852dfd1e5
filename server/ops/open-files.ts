/**
 * Which process has a file of a folder open, read from /proc (Linux). PGlite keeps its data files
 * open as long as its database is: a server of an earlier release, which has no ops door
 * (ops/endpoint.ts), is found this way, before a backup or a restore touches the same files.
 */
import { readdirSync, readlinkSync, realpathSync } from 'node:fs'
import { sep } from 'node:path'

/** Another process holding a file under `dir` open; null when none (or no /proc to tell). */
export function processHolding(dir: string): number | null {
  let prefix: string
  let pids: string[]
  try {
    prefix = realpathSync(dir) + sep
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue // gone, or another user's
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix)) return Number(pid)
      } catch {
        // closed meanwhile
      }
    }
  }
  return null
}
