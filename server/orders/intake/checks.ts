/**
 * An order as a shop sends it, put in the one form the warehouse stores and compares (issue 33):
 * the same rules whether it comes through the shop API, a CSV import or the demo generator. Pure:
 * what needs the database (the shop's SKUs, the carriers) is checked by write.ts.
 */
import { createHash } from 'node:crypto'
import type { ShopAddress, ShopOrderBody } from '../../../contract/index.ts'
import { type Address, type AddressProblemCode, checkAddress } from './address.ts'
import { FILE_SIGNATURES } from './file-types.ts'
import { type IntakeLabel, type IntakeLabelFile, normalizeLabel } from './shop-label.ts'

/** An order in its stored form: what `orders.intake` holds and a later request is compared with. */
export interface IntakeOrder {
  reference: string
  shipTo: Address
  billingAddress?: Address
  lines: IntakeLine[]
  giftMessage?: string
  carrier?: string
  service?: string
  priority: number
  /** ISO 8601 in UTC, to the millisecond. */
  shipBy?: string
  /** A label the shop bought (shop-label.ts). */
  label?: IntakeLabel
}

export interface IntakeLine {
  sku: string
  quantity: number
  /** A file is kept by its SHA-256: a later request is compared with it, its bytes go apart. */
  customization?: { text: string; file?: { name: string; type: string; sha256: string } }
}

/** A line's customization file, to store beside the order (customization_files). */
export interface IntakeFile {
  /** The line's place in the order, from 0. */
  line: number
  name: string
  type: string
  content: Buffer
}

export type FieldProblemCode =
  | AddressProblemCode
  | 'unknown_sku'
  | 'unknown_carrier'
  | 'unknown_service'
  | 'service_without_carrier'
  | 'ship_by_invalid'
  | 'file_not_its_type'
  | 'label_not_its_format'
  | 'label_not_one'
  | 'label_command_refused'
  | 'label_number_invalid'
  | 'label_number_missing'
  | 'label_carrier_differs'
  | 'label_number_used'
  | 'differs'

/** What is wrong with one field, named as the request names it: 'shipTo.postcode', 'lines[2].sku'. */
export interface FieldProblem {
  field: string
  code: FieldProblemCode
  /** For the message: the value in question (an unknown SKU, carrier or service). */
  value?: string
}

/** Trimmed, in Unicode NFC; an empty text is no text. */
function clean(value: string | undefined): string | undefined {
  const text = value?.normalize('NFC').trim()
  return text ? text : undefined
}

function address(input: ShopAddress, path: string, problems: FieldProblem[]): Address {
  const checked = checkAddress({ ...input, email: input.email || undefined }, path)
  problems.push(...checked.problems)
  return checked.address
}

/** The order in its stored form, its lines' files, and every problem the rules find without the database. */
export function normalizeOrder(body: ShopOrderBody): {
  order: IntakeOrder
  problems: FieldProblem[]
  files: IntakeFile[]
  label?: IntakeLabelFile
} {
  const problems: FieldProblem[] = []
  const files: IntakeFile[] = []
  const order: IntakeOrder = {
    reference: body.reference.trim(),
    shipTo: address(body.shipTo, 'shipTo', problems),
    lines: body.lines.map((line, i): IntakeLine => {
      const text = clean(line.customization?.text)
      const sent = line.customization?.file
      let file: NonNullable<IntakeLine['customization']>['file']
      if (sent) {
        const content = Buffer.from(sent.content, 'base64')
        if (FILE_SIGNATURES[sent.type](content)) {
          file = {
            name: sent.name.trim(),
            type: sent.type,
            sha256: createHash('sha256').update(content).digest('hex'),
          }
          files.push({ line: i, name: file.name, type: sent.type, content })
        } else
          problems.push({
            field: `lines[${i}].customization.file.content`,
            code: 'file_not_its_type',
            value: sent.type,
          })
      }
      return {
        sku: line.sku.normalize('NFC').trim(),
        quantity: line.quantity,
        ...(text !== undefined && { customization: { text, ...(file && { file }) } }),
      }
    }),
    priority: body.priority ?? 0,
  }
  if (body.billingAddress) order.billingAddress = address(body.billingAddress, 'billingAddress', problems)
  const giftMessage = clean(body.giftMessage)
  if (giftMessage) order.giftMessage = giftMessage
  const carrier = clean(body.carrier)?.toLowerCase()
  const service = clean(body.service)?.toUpperCase()
  if (carrier) order.carrier = carrier
  if (service) {
    order.service = service
    if (!carrier) problems.push({ field: 'service', code: 'service_without_carrier' })
  }
  if (body.shipBy) {
    // ISO 8601 lets a year 0 through ('0000-01-01T00:00:00Z'), which PostgreSQL has not.
    const year = new Date(body.shipBy).getUTCFullYear()
    if (year >= 1 && year <= 9999) order.shipBy = new Date(body.shipBy).toISOString()
    else problems.push({ field: 'shipBy', code: 'ship_by_invalid' })
  }
  const bought = normalizeLabel(body, problems)
  if (!bought) return { order, problems, files }
  order.label = bought.label
  return { order, problems, files, label: bought.file }
}

/**
 * The fields where a later request of the same reference differs from the stored one: each field
 * the request names, down to a line's field ('lines[1].quantity'), or a list whose length changed
 * ('lines'). Empty: the same order.
 */
export function differences(stored: unknown, sent: unknown, path = ''): string[] {
  if (Array.isArray(stored) && Array.isArray(sent)) {
    if (stored.length !== sent.length) return [path]
    return stored.flatMap((item, i) => differences(item, sent[i], `${path}[${i}]`))
  }
  if (isRecord(stored) && isRecord(sent)) {
    const keys = [...new Set([...Object.keys(stored), ...Object.keys(sent)])].sort()
    return keys.flatMap((key) => differences(stored[key], sent[key], path ? `${path}.${key}` : key))
  }
  return Object.is(stored, sent) ? [] : [path]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
