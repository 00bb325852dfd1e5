/**
 * Which QZ Tray calls the server signs (docs/security.md, issue 35). A trusted signature lets the
 * page that holds it run the call on any workstation that trusts the site's root for 15 minutes,
 * so the server signs the calls the app makes and nothing else: reading printers
 * (`printers.find`, `printers.getDefault`, `getVersion`) and printing (`print`), each with the
 * parameters qz-tray.js gives them for the app (src/features/printing). Every other family
 * (`file.*`, `serial.*`, `usb.*`, `hid.*`, `socket.*`, `networking.*`, `websocket.*`…) is refused:
 * an outside audit had `file.write` of a .bat signed.
 *
 * A print goes to a printer named by its name (never `{file}` nor `{host, port}`, which QZ Tray
 * writes to a path or a socket), with QZ Tray's print options only, and its data is what the app
 * builds from the server's documents: a PDF or ZPL in base64 (the page fetched it), ZPL as text,
 * or this server's own signed document link (flavor `file`), checked like the link itself.
 */
import { z } from 'zod'
import { verifyDocumentToken } from '../documents/token.ts'

export const CALL_POLICY_MESSAGES = {
  notSigned: (call: string) =>
    `Seules l'impression et la lecture des imprimantes sont signées pour QZ Tray : l'appel « ${call} » ne l'est pas.`,
  params: (call: string) =>
    `L'appel « ${call} » à QZ Tray n'est pas signé : ses paramètres ne sont pas ceux de l'application.`,
  printer:
    "Cette impression n'est pas signée : elle doit être envoyée à une imprimante désignée par son nom.",
  options: "Cette impression n'est pas signée : ses options ne sont pas des options d'impression de QZ Tray.",
  data: "Cette impression n'est pas signée : ses données ne sont pas un document de l'application (PDF ou ZPL).",
  link: "Cette impression n'est pas signée : son lien n'est pas un document de ce serveur, ou il a expiré.",
} as const

/** What a print's `file` link is checked against: the server's own document links. */
export interface LinkCheck {
  documentKey: Buffer
  /** The origin this server writes into its document links for this request (routes/print.ts). */
  documentOrigin: string
  now?: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const name = z.string().min(1).max(256)
const findParams = z.union([z.strictObject({}), z.strictObject({ query: name })])
const versionParams = z.union([z.undefined(), z.strictObject({ details: z.boolean() })])
const printer = z.strictObject({ name })

const num = z.number()
const optionalNum = num.nullable()
/** QZ Tray's print options (qz-tray.js `defaultConfig`, qz.configs.setDefaults); each optional. */
const printOptions = z
  .strictObject({
    bounds: z.strictObject({ x: num, y: num, width: num, height: num }).nullable(),
    colorType: z.enum(['color', 'grayscale', 'blackwhite', 'default']),
    copies: z.number().int().min(1).max(100),
    density: z.union([num, z.string().max(16), z.array(num).max(8)]),
    duplex: z.union([z.boolean(), z.string().max(32)]),
    fallbackDensity: optionalNum,
    interpolation: z.string().max(32),
    jobName: z.string().max(256).nullable(),
    legacy: z.boolean(),
    margins: z.union([num, z.strictObject({ top: num, right: num, bottom: num, left: num }).partial()]),
    orientation: z.enum(['portrait', 'landscape', 'reverse-landscape']).nullable(),
    paperThickness: optionalNum,
    printerTray: z.union([z.string().max(64), num]).nullable(),
    rasterize: z.boolean(),
    rotation: num,
    scaleContent: z.boolean(),
    size: z.strictObject({ width: optionalNum, height: optionalNum }).partial().nullable(),
    units: z.enum(['in', 'mm', 'cm']),
    forceRaw: z.boolean(),
    encoding: z.string().max(32).nullable(),
    spool: z
      .strictObject({ size: z.number().int().positive(), end: z.string().max(64) })
      .partial()
      .nullable(),
  })
  .partial()
const dataItem = z.union([
  z.string(),
  z.strictObject({
    type: z.enum(['pixel', 'raw']),
    format: z.enum(['pdf', 'command']),
    flavor: z.enum(['base64', 'plain', 'file']),
    data: z.string(),
  }),
])
const PRINT_KEYS = new Set(['printer', 'options', 'data'])
const printData = z.array(dataItem).min(1).max(500)

/** Why the server will not sign this call (a French message), or null when it signs it. */
export function callPolicyRefusal(call: string, params: unknown, links: LinkCheck): string | null {
  switch (call) {
    case 'getVersion':
      return versionParams.safeParse(params).success ? null : CALL_POLICY_MESSAGES.params(call)
    case 'printers.find':
      return findParams.safeParse(params).success ? null : CALL_POLICY_MESSAGES.params(call)
    case 'printers.getDefault':
      // qz-tray.js sends null; an older one left it out.
      return params === null || params === undefined ? null : CALL_POLICY_MESSAGES.params(call)
    case 'print':
      return printRefusal(params, links)
    default:
      return CALL_POLICY_MESSAGES.notSigned(call)
  }
}

function printRefusal(params: unknown, links: LinkCheck): string | null {
  if (!isRecord(params) || Object.keys(params).some((key) => !PRINT_KEYS.has(key)))
    return CALL_POLICY_MESSAGES.params('print')
  if (!printer.safeParse(params.printer).success) return CALL_POLICY_MESSAGES.printer
  if (!printOptions.safeParse(params.options ?? {}).success) return CALL_POLICY_MESSAGES.options
  const data = printData.safeParse(params.data)
  if (!data.success) return CALL_POLICY_MESSAGES.data
  for (const item of data.data) {
    const problem = typeof item === 'string' ? zplProblem(item) : itemProblem(item, links)
    if (problem) return problem
  }
  return null
}

type Item = Exclude<z.infer<typeof dataItem>, string>

function itemProblem(item: Item, links: LinkCheck): string | null {
  const pdf = item.type === 'pixel' && item.format === 'pdf'
  const raw = item.type === 'raw' && item.format === 'command'
  if (!pdf && !raw) return CALL_POLICY_MESSAGES.data
  if (item.flavor === 'file') return ownLink(item.data, pdf ? 'pdf' : 'zpl', links)
  if (item.flavor === 'plain') return raw ? zplProblem(item.data) : CALL_POLICY_MESSAGES.data
  const bytes = strictBase64(item.data)
  if (!bytes) return CALL_POLICY_MESSAGES.data
  return pdf ? pdfProblem(bytes) : zplProblem(bytes.toString('latin1'))
}

/** The bytes of canonical base64 (what btoa and Uint8Array.toBase64 write), or null. */
function strictBase64(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64')
  return bytes.length > 0 && bytes.toString('base64') === text ? bytes : null
}

/** A PDF opens with %PDF- within its first kilobyte (ISO 32000-1 §7.5.2, as readers accept it). */
const pdfProblem = (bytes: Buffer) =>
  bytes.subarray(0, 1024).includes('%PDF-') ? null : CALL_POLICY_MESSAGES.data

/** ZPL: at least one label format, ^XA … ^XZ (the server's labels and the carriers' stored ones). */
function zplProblem(text: string): string | null {
  // Two searches, not /\^XA[^]*\^XZ/: that one scanned to the end from every ^XA, and a body of
  // ^XA repeated froze the server (120 KB: 3 s; the cap is 16 MiB).
  const start = text.search(/\^XA/i)
  return start >= 0 && /\^XZ/i.test(text.slice(start + 3)) ? null : CALL_POLICY_MESSAGES.data
}

/** This server's document link, exactly as it writes them, signed by its key and not expired. */
function ownLink(url: string, format: 'pdf' | 'zpl', links: LinkCheck): string | null {
  const prefix = `${links.documentOrigin}/rest/documents/`
  if (!url.startsWith(prefix)) return CALL_POLICY_MESSAGES.link
  const token = url.slice(prefix.length)
  const check = verifyDocumentToken(links.documentKey, token, links.now)
  return check.ok && check.payload.format === format ? null : CALL_POLICY_MESSAGES.link
}
