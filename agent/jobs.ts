/**
 * Turns the data of a QZ `print` call into files in the agent's output folder: the folder 0700 and
 * each file 0600 (issue 35: a pick list names customers and addresses, and was world-readable).
 */
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isDocumentLink, linkRefused } from './document-links.ts'
import { printerSlug } from './printers.ts'

/** A failure whose message goes back to the page as the call's `error`, as QZ Tray words it. */
export class AgentError extends Error {}

export interface JobItem {
  /** Path of the written document; its sidecar is the same path with `.json` for extension. */
  file: string
  sidecar: string
  type: string
  format: string
  flavor: string
  /** The URL fetched, for the `file` flavor. */
  source?: string
  bytes: number
}

export interface Job {
  seq: number
  printer: string
  options: unknown
  at: string
  items: JobItem[]
}

interface Item {
  type: string
  format: string
  flavor: string
  data: unknown
}

const lower = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.toLowerCase() : undefined

/**
 * Reads the items the way QZ Tray does: type and format come from the first item (one job is one
 * kind of document, a missing type means raw), the flavor from each item. A bare string is raw
 * ZPL. Types of qz-tray 2.0 ('pdf', 'image', 'html') still mean pixel of that format.
 */
export function readItems(data: unknown): Item[] {
  if (!Array.isArray(data) || data.length === 0) throw new AgentError('No data was provided to print')
  const items = data.map((entry: unknown) =>
    typeof entry === 'string' ? { data: entry } : ((entry ?? {}) as Record<string, unknown>),
  )
  const first = items[0] ?? {}
  let type = lower(first.type) ?? 'raw'
  let format = lower(first.format)
  if (type === 'pdf' || type === 'image' || type === 'html') [type, format] = ['pixel', type]
  format ??= type === 'raw' ? 'command' : 'image'
  return items.map((item) => ({
    type,
    format,
    // Unflavored pixel data is a file to fetch, as qz-tray.js itself assumes.
    flavor: lower(item.flavor) ?? (type === 'raw' ? 'plain' : 'file'),
    data: item.data,
  }))
}

const EXTENSIONS: Readonly<Record<string, string>> = { pdf: 'pdf', image: 'png', html: 'html' }
const extensionOf = (item: Item) => EXTENSIONS[item.format] ?? 'zpl'

async function fetchBytes(source: string, origins: readonly string[]): Promise<Buffer> {
  let url: URL
  try {
    url = new URL(source)
  } catch {
    throw new AgentError('Invalid file URL')
  }
  // Never file: or anything else: a page must not make the agent read the workstation's disk.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AgentError('Invalid file URL')
  // Nor any address but the server's document links (document-links.ts).
  if (!isDocumentLink(url, origins)) throw new AgentError(linkRefused(source, origins))
  let response: Response
  try {
    // No cookies nor Authorization, like the real agent: a document URL must carry its own proof.
    // No redirect either: it could lead anywhere the link itself may not.
    response = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'error' })
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
    throw new AgentError(`Unable to fetch file: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
  if (!response.ok)
    throw new AgentError(`Unable to fetch file: ${response.status} ${response.statusText}`.trim())
  return Buffer.from(await response.arrayBuffer())
}

async function bytesOf(item: Item, origins: readonly string[]): Promise<Buffer> {
  if (typeof item.data !== 'string') throw new AgentError('Invalid print data: a string was expected')
  switch (item.flavor) {
    case 'plain':
      return Buffer.from(item.data, 'utf8')
    case 'base64':
      // The client strips data: URL prefixes of images only; do it for every format.
      return Buffer.from(item.data.replace(/^data:[^,]*,/, ''), 'base64')
    case 'hex':
      // QZ accepts spaced and x-prefixed hex ("x1B x40"): keep only the digits.
      return Buffer.from(item.data.replace(/[^0-9a-f]/gi, ''), 'hex')
    case 'file':
      return fetchBytes(item.data, origins)
    default:
      throw new AgentError(`Unsupported data flavor: ${item.flavor}`)
  }
}

const PRIVATE_FILE = 0o600
const PRIVATE_FOLDER = 0o700

/** The output folder, made 0700, or made so when an older agent left it readable by others. */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER })
  if (process.platform !== 'win32' && ((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, PRIVATE_FOLDER)
}

/** Keeps the last jobs only: `npm start` may run for days. */
const KEPT_JOBS = 500

export class JobWriter {
  private seq = 0 // numbers the files, so two items written in the same millisecond differ
  private jobCount = 0
  readonly jobs: Job[] = []

  /** `documentOrigins`: the servers whose document links a `file` item may name (document-links.ts). */
  constructor(
    private readonly outDir: string,
    private readonly log: (line: string) => void,
    private readonly documentOrigins: readonly string[] = [],
  ) {}

  /** Writes one file and one sidecar per item, or nothing when any item cannot be read. */
  async print(printer: string, options: unknown, data: unknown): Promise<Job> {
    const items = readItems(data)
    const contents = await Promise.all(items.map((item) => bytesOf(item, this.documentOrigins)))
    await privateFolder(this.outDir)
    // Colons and dots are not allowed in Windows file names.
    const at = new Date().toISOString()
    const stamp = at.replace(/[:.]/g, '-')
    const written: JobItem[] = []
    for (const [index, item] of items.entries()) {
      const content = contents[index] ?? Buffer.alloc(0)
      const base = join(this.outDir, `${stamp}-${++this.seq}-${printerSlug(printer)}`)
      const source = item.flavor === 'file' ? String(item.data) : undefined
      const entry: JobItem = {
        file: `${base}.${extensionOf(item)}`,
        sidecar: `${base}.json`,
        type: item.type,
        format: item.format,
        flavor: item.flavor,
        ...(source === undefined ? {} : { source }),
        bytes: content.length,
      }
      await writeFile(entry.file, content, { mode: PRIVATE_FILE })
      const { type, format, flavor, bytes } = entry
      const sidecar = { printer, options, type, format, flavor, source, bytes, printedAt: at }
      await writeFile(entry.sidecar, `${JSON.stringify(sidecar, null, 2)}\n`, { mode: PRIVATE_FILE })
      written.push(entry)
    }
    const job: Job = { seq: ++this.jobCount, printer, options, at, items: written }
    this.jobs.push(job)
    if (this.jobs.length > KEPT_JOBS) this.jobs.splice(0, this.jobs.length - KEPT_JOBS)
    this.log(`[agent] ${printer} ${written.length} item(s) -> ${written.map((i) => i.file).join(', ')}`)
    return job
  }
}
