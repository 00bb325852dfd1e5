/**
 * Workstations, printers, QZ Tray signing and printable documents (docs/specification.md §1, §3 Printer, §7.3).
 * A workstation ("computer") is identified by the local IP its user last reported (POST /rest/user/ip),
 * else by the request's source address; a browser an administrator has named as a workstation says
 * so in WORKSTATION_HEADER, which comes first (issue 16).
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { ipSchema } from '../ip.ts'
import { lightRoutes, PRINT_FORMATS, PRINTING_ROLES } from '../light-calls.ts'

export const printerUseSchema = z.enum(['label', 'a4'])
export type PrinterUse = z.infer<typeof printerUseSchema>

/** docs/specification.md §3 leaves a printer's fields open; ours: its name in the print agent and what it prints. */
export const printerSchema = z.object({
  name: z.string(),
  use: printerUseSchema,
  /** What it understands (issue 16): 'zpl' (a label printer on a raw queue) gets labels as ZPL; absent: 'pdf'. */
  language: z.optional(z.enum(PRINT_FORMATS)),
})
export type Printer = z.infer<typeof printerSchema>

export const computerSchema = z.object({
  name: z.string(),
  /** Null for a workstation known by its name only. */
  ip: z.nullable(z.string()),
  printers: z.array(printerSchema),
})
export type Computer = z.infer<typeof computerSchema>

export const computerExists = endpoint({
  ...lightRoutes.computerExists, // HEAD /rest/computer/exist
  summary: "200 when the user's workstation (by its last reported IP) is configured, 404 otherwise",
  response: z.void(),
})

export const printerList = endpoint({
  ...lightRoutes.printerList, // GET /rest/printer/list
  summary: "The printers of the user's workstation; 404 when it has none",
  response: z.array(printerSchema),
})

export const computerCheck = endpoint({
  method: 'GET',
  path: '/api/computer/check/{ip}',
  summary:
    'Whether a workstation is configured for this IP (the specification, §7.3, leaves the method open; GET here)',
  auth: 'user',
  params: z.object({ ip: ipSchema }),
  response: z.object({ ip: z.string(), configured: z.boolean(), name: z.optional(z.string()) }),
})

export const qzComputer = endpoint({
  method: 'GET',
  path: '/api/qz/computer',
  summary: "The user's workstation with its printers, for the print agent; 404 when not configured",
  auth: 'user',
  response: computerSchema,
})

export const signAlgorithmSchema = z.enum(['SHA1', 'SHA256', 'SHA512'])
export type SignAlgorithm = z.infer<typeof signAlgorithmSchema>

export const qzCertificate = endpoint({
  ...lightRoutes.qzCertificate, // GET /rest/qz/certificate
  summary: 'The PEM certificate QZ Tray checks signatures against',
  response: z.string(),
})

/**
 * The largest QZ Tray call signed. A print carries its document in base64 (print-data.ts): a
 * 200-order pick list with its slips, or a shop's label or customization file of up to 1,000,000
 * base64 characters (shop-api.ts), is far over the 1 MiB of other calls. 64 KiB, the first cap,
 * refused any print of more than a page or two.
 */
export const QZ_SIGN_MAX_BYTES = 16 * 1024 * 1024

/**
 * The body is a QZ Tray call as qz-tray serialises it ({call, params, timestamp}); the server checks
 * it is one, dated within ±15 min, and signs its hex SHA-256 as QZ Tray verifies it (RSA PKCS#1
 * v1.5, SHA1 by default).
 */
export const qzSign = endpoint({
  ...lightRoutes.qzSign, // POST /rest/qz/sign, text in and out
  summary: 'Signs a recent QZ Tray call (its hex SHA-256, SHA1 by default); answers base64',
  roles: PRINTING_ROLES,
  // 'Lire les imprimantes' of the admin area talks to QZ Tray from an administrator's session.
  orAdmin: true,
  query: z.object({ algorithm: z.optional(signAlgorithmSchema) }),
  maxBodyBytes: QZ_SIGN_MAX_BYTES,
  body: z.string().check(z.minLength(1), z.maxLength(QZ_SIGN_MAX_BYTES)),
  response: z.string(),
})

/** A printable element (docs/printing.md): what the print history records. */
export const printDocumentSchema = z.object({
  title: z.string(),
  /** Short-lived signed link the print agent can fetch without the Bearer header. */
  url: z.string(),
  format: z.enum(PRINT_FORMATS),
  expiresAt: z.string(),
  /** The paper it is drawn for: the print agent prints it at that size, unturned (absent: as the driver likes). */
  page: z.optional(z.object({ widthMm: z.number(), heightMm: z.number() })),
})
export type PrintDocument = z.infer<typeof printDocumentSchema>

/** Longest document link accepted back (a signed token is at most 2,048 characters, plus its origin). */
export const MAX_DOCUMENT_LINK = 4096

/**
 * The print history's reprint (issue 16): a document's link expires (~10 minutes), its history
 * entry does not. The server checks the link's signature (not its age), checks the caller may still
 * have that document (the roles and the shop of the call that gave it), and answers a fresh link to
 * the same document, in the same format.
 */
export const documentRelink = endpoint({
  method: 'POST',
  path: '/rest/print/document-link',
  summary:
    'A fresh signed link to a document printed before, from its old (possibly expired) link, for a caller who may still have it',
  auth: 'user',
  // Every role that is given documents; each kind is then checked against its own endpoint's roles.
  roles: PRINTING_ROLES,
  body: z.object({
    url: z
      .string()
      .check(z.trim(), z.minLength(1, 'Lien du document manquant'), z.maxLength(MAX_DOCUMENT_LINK)),
  }),
  response: printDocumentSchema,
})
