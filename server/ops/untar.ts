/**
 * Unpacks a PGlite data folder tarball (dumpDataDir: ustar, gzip or not) into a folder, files 0600
 * and folders 0700. PGlite can load one itself (`loadDataDir`), but through its in-WebAssembly
 * file system: 10 s for the demo database where this takes a fraction of a second. Only plain
 * files and folders are taken; a name that would leave the folder is refused.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'

const BLOCK = 512

const text = (header: Buffer, at: number, length: number) =>
  header
    .subarray(at, at + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')

const octal = (header: Buffer, at: number, length: number) =>
  parseInt(text(header, at, length).trim() || '0', 8)

export function untar(tarball: Buffer, into: string): number {
  const tar = tarball[0] === 0x1f && tarball[1] === 0x8b ? gunzipSync(tarball) : tarball
  mkdirSync(into, { recursive: true, mode: 0o700 })
  let files = 0
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK)
    if (header.every((byte) => byte === 0)) break // the end: two empty blocks
    if (text(header, 257, 5) !== 'ustar') throw new Error(`pas une archive tar (en-tête à l'octet ${at})`)
    const prefix = text(header, 345, 155)
    const name = normalize((prefix ? `${prefix}/` : '') + text(header, 0, 100)).replace(/^[/\\]+/, '')
    const size = octal(header, 124, 12)
    const type = String.fromCharCode(header[156] ?? 0)
    at += BLOCK
    if (name === '.' || name === '') {
      at += Math.ceil(size / BLOCK) * BLOCK
      continue
    }
    if (name.split(sep).includes('..')) throw new Error(`nom refusé dans l'archive : ${name}`)
    const path = join(into, name)
    if (type === '5') mkdirSync(path, { recursive: true, mode: 0o700 })
    else if (type === '0' || type === '\0') {
      mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 })
      writeFileSync(path, tar.subarray(at, at + size), { mode: 0o600 })
      files++
    }
    at += Math.ceil(size / BLOCK) * BLOCK
  }
  return files
}
