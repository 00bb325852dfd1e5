/**
 * A label the shop bought itself (issue 33), sent with its order: checked here as far as the
 * warehouse can without the carrier (a ZPL label must print its own tracking number; a PDF must be
 * a PDF; the number must not be on another parcel of that carrier), kept in shop_labels, and
 * printed on the order's one parcel when it is labelled (shipping/shop-label-use.ts) instead of a
 * label asked of the carrier.
 */
import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { ShopOrderBody } from '../../../contract/index.ts'
import { normalizeTrackingNumber } from '../../carriers/numbers.ts'
import type { Database } from '../../db/schema.ts'
import type { FieldProblem } from './checks.ts'
import { FILE_SIGNATURES } from './file-types.ts'
import { zplLabelProblem } from './shop-label-zpl.ts'

/** A tracking number as stored: letters and digits only, upper case (the table checks it too). */
const STORED_NUMBER = /^[A-Z0-9]{6,40}$/

/** The label in the order's stored form: its bytes go apart, compared by their SHA-256. */
export interface IntakeLabel {
  carrier: string
  trackingNumber: string
  format: 'zpl' | 'pdf'
  sha256: string
}

/** The label's bytes, to store beside the order once it is written. */
export interface IntakeLabelFile {
  format: 'zpl' | 'pdf'
  content: Buffer
}

/**
 * What a ZPL label prints, for finding its tracking number in it: the fields' data with Code 128's
 * subset switches ('>;', '>:', '>5'…) and spaces taken out, upper case. A carrier's ZPL writes the
 * number in its barcode, often split by those switches, and in its text, often in groups.
 */
function zplPrintedText(zpl: string): string {
  return zpl
    .replace(/>[0-9:;<=>]/g, '')
    .replace(/\s+/g, '')
    .toUpperCase()
}

/** The label as stored, its bytes, and what is wrong with it without the database. */
export function normalizeLabel(
  body: ShopOrderBody,
  problems: FieldProblem[],
): { label: IntakeLabel; file: IntakeLabelFile } | undefined {
  const sent = body.label
  if (!sent) return undefined
  const carrier = sent.carrier.trim().toLowerCase()
  const trackingNumber = normalizeTrackingNumber(sent.trackingNumber)
  const content = Buffer.from(sent.content, 'base64')
  // The contract lets spaces through (carriers print numbers in groups): what is left must still be one.
  if (!STORED_NUMBER.test(trackingNumber))
    problems.push({ field: 'label.trackingNumber', code: 'label_number_invalid', value: trackingNumber })
  const ordered = body.carrier?.trim().toLowerCase()
  if (ordered && ordered !== carrier)
    problems.push({ field: 'label.carrier', code: 'label_carrier_differs', value: ordered })
  if (sent.format === 'pdf') {
    if (!FILE_SIGNATURES['application/pdf'](content))
      problems.push({ field: 'label.content', code: 'label_not_its_format', value: 'PDF' })
  } else {
    const zpl = content.toString('utf8')
    const drawn = zplLabelProblem(zpl)
    if (!/\^XA[\s\S]*\^XZ/i.test(zpl))
      problems.push({ field: 'label.content', code: 'label_not_its_format', value: 'ZPL' })
    else if (drawn?.code === 'label_not_one') problems.push({ field: 'label.content', code: 'label_not_one' })
    else if (drawn)
      problems.push({ field: 'label.content', code: 'label_command_refused', value: drawn.command })
    else if (!zplPrintedText(zpl).includes(trackingNumber))
      problems.push({ field: 'label.content', code: 'label_number_missing', value: trackingNumber })
  }
  const sha256 = createHash('sha256').update(content).digest('hex')
  return {
    label: { carrier, trackingNumber, format: sent.format, sha256 },
    file: { format: sent.format, content },
  }
}

/**
 * The labels' numbers already taken: on a parcel of that carrier (labelled here, typed in, or a
 * shop's used), on another order's shop label, or twice in this call (the second one). `carriers`:
 * the carriers' ids by code, of the labels whose carrier the warehouse knows.
 */
export async function checkLabelNumbers(
  trx: Kysely<Database>,
  shopId: number,
  orders: readonly { order: { reference: string; label?: IntakeLabel }; problems: FieldProblem[] }[],
  carriers: ReadonlyMap<string, number>,
): Promise<void> {
  // An order already refused for another reason claims no number: it will not be written.
  const labelled = orders.filter(
    (o) => o.problems.length === 0 && o.order.label && carriers.has(o.order.label.carrier),
  )
  if (labelled.length === 0) return
  const pairs = labelled.map((o) => {
    const label = o.order.label as IntakeLabel
    return { carrierId: carriers.get(label.carrier) as number, number: label.trackingNumber }
  })
  const sent = (list: readonly { carrierId: number; number: string }[]) =>
    sql`unnest(${list.map((p) => p.carrierId)}::integer[], ${list.map((p) => p.number)}::text[]) as s(carrier_id, number)`
  // Two calls sending one number at once: the second waits for the first's transaction, then sees
  // its row (a refusal, not a unique-constraint failure). The key of a number typed in by a packer
  // (shipping/tracking-manual.ts), each once and in one order, so two batches never wait on each other.
  const keys = [...new Map(pairs.map((p) => [`${p.carrierId}:${p.number}`, p])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, p]) => p)
  await sql`select pg_advisory_xact_lock(s.carrier_id, hashtext(s.number)) from ${sent(keys)}`.execute(trx)
  // A label of a cancelled order that never printed is free again: the shop sends that number with
  // the order it sends instead.
  await sql`
    delete from shop_labels l using orders o, ${sent(pairs)}
     where o.id = l.order_id and o.status = 'cancelled'
       and l.carrier_id = s.carrier_id and l.tracking_number = s.number
       and not exists (select 1 from tracking_numbers t where t.carrier_id = l.carrier_id and t.number = l.tracking_number)
  `.execute(trx)
  const { rows } = await sql<{ carrier_id: number; number: string; reference: string | null }>`
    select t.carrier_id, t.number, case when o.shop_id = ${shopId} then o.external_ref end as reference
      from ${sent(pairs)} join tracking_numbers t on s.carrier_id = t.carrier_id and s.number = t.number
      join parcels p on p.id = t.parcel_id join orders o on o.id = p.order_id
    union all
    select l.carrier_id, l.tracking_number, case when o.shop_id = ${shopId} then o.external_ref end
      from ${sent(pairs)} join shop_labels l on s.carrier_id = l.carrier_id and s.number = l.tracking_number
      join orders o on o.id = l.order_id
  `.execute(trx)
  const taken = new Map(rows.map((r) => [`${r.carrier_id}:${r.number}`, r.reference]))
  const seen = new Map<string, string>()
  labelled.forEach(({ order, problems }, i) => {
    const key = `${pairs[i]?.carrierId}:${pairs[i]?.number}`
    const owner = taken.has(key) ? taken.get(key) : seen.get(key)
    if (owner !== undefined && owner !== order.reference)
      problems.push({ field: 'label.trackingNumber', code: 'label_number_used', value: pairs[i]?.number })
    else seen.set(key, order.reference)
  })
}

/** The labels of the orders just written, each beside its order. */
export async function insertShopLabels(
  trx: Kysely<Database>,
  labels: readonly { orderId: number; carrierId: number; label: IntakeLabel; file: IntakeLabelFile }[],
): Promise<void> {
  if (labels.length === 0) return
  await trx
    .insertInto('shop_labels')
    .values(
      labels.map((l) => ({
        order_id: l.orderId,
        carrier_id: l.carrierId,
        tracking_number: l.label.trackingNumber,
        format: l.file.format,
        content: l.file.content,
      })),
    )
    .execute()
}
