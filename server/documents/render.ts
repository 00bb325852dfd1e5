/**
 * Turns a verified document token into the file the print agent prints, reading what it names
 * from the database at fetch time. Titles are shared with the print endpoints so the print history
 * and the PDF's own title say the same thing.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { labelData, type LabelRow, loadLabel } from '../shipping/tracking-label.ts'
import { carrierLabelPage, carrierLabelTitle } from './carrier-label-pdf.ts'
import { customizationDocument } from './customization-file.ts'
import { loadCustomizationFile } from './customization-file-data.ts'
import {
  codeLabelPage,
  codeLabelZpl,
  type ProductLabel,
  productLabelPage,
  productLabelZpl,
} from './labels.ts'
import { manifestPages, manifestTitle } from './manifest.ts'
import { loadManifest } from './manifest-data.ts'
import { packingSlipPages, packingSlipTitle } from './packing-slip.ts'
import { loadPackingSlip } from './packing-slip-data.ts'
import { pdfDocument, type PdfPage } from './pdf.ts'
import { pickListPages, pickListTitle } from './pick-list.ts'
import { loadPickList } from './pick-list-data.ts'
import { PICKING_COMMANDS_TITLE, pickingCommandsPage } from './picking-commands.ts'
import type { DocumentPayload } from './token.ts'

export interface RenderedDocument {
  body: Buffer
  contentType: string
  filename: string
}

export const boxName = (n: number) => `CAISSE-${String(n).padStart(6, '0')}`

export const locationsTitle = (names: readonly string[]) =>
  names.length === 1 ? `Étiquettes emplacement ${names[0]}` : `Étiquettes emplacement (${names.length})`

export const boxesTitle = (from: number, to: number) =>
  from === to ? `Étiquettes caisse ${boxName(from)}` : `Étiquettes caisse ${boxName(from)} → ${boxName(to)}`

export const productsTitle = (skus: readonly string[], copies: number) =>
  (skus.length === 1 ? `Étiquettes produit ${skus[0]}` : `Étiquettes produit (${skus.length})`) +
  (copies > 1 ? ` × ${copies}` : '')

/** The same order everywhere (request, title, pages), whatever the database's collation. */
const byName = sql`collate "C"`

/** null when nothing the token names exists any more. */
export async function renderDocument(db: Db, payload: DocumentPayload): Promise<RenderedDocument | null> {
  switch (payload.kind) {
    case 'locations': {
      const rows = await db
        .selectFrom('locations')
        .select('name')
        .where('id', 'in', payload.args.ids)
        .orderBy(sql`name ${byName}`)
        .execute()
      const names = rows.map((r) => r.name)
      if (names.length === 0) return null
      return codeLabels(names, payload.format, locationsTitle(names), 'etiquettes-emplacement')
    }
    case 'boxes': {
      const { from, to } = payload.args
      const names = Array.from({ length: to - from + 1 }, (_, i) => boxName(from + i))
      return codeLabels(names, payload.format, boxesTitle(from, to), 'etiquettes-caisse')
    }
    case 'products': {
      const rows = await db
        .selectFrom('products')
        .select(['sku', 'ean13', 'name'])
        .where('id', 'in', payload.args.ids)
        .orderBy(sql`sku ${byName}`)
        .execute()
      if (rows.length === 0) return null
      const { copies } = payload.args
      const title = productsTitle(
        rows.map((r) => r.sku),
        copies,
      )
      if (payload.format === 'zpl')
        return zpl(
          rows.map((r) => productLabelZpl(r, copies)),
          'etiquettes-produit',
        )
      const pages = rows.flatMap((r: ProductLabel) =>
        Array.from({ length: copies }, () => productLabelPage(r)),
      )
      return pdf(pages, title, 'etiquettes-produit')
    }
    case 'pick-list': {
      // Drawn from the batch as it is now: a reprint shows the same orders, slots and locations.
      const data = await loadPickList(db, payload.args.batchId)
      if (!data) return null
      const name = data.batch.name
      return pdf(pickListPages(data), pickListTitle(name), `liste-picking-${name.toLowerCase()}`)
    }
    case 'picking-commands':
      return pdf([pickingCommandsPage()], PICKING_COMMANDS_TITLE, 'codes-commande-picking')
    case 'carrier-label': {
      // A voided label must not print again: its number no longer travels.
      const row = await loadLabel(db, { id: payload.args.id })
      if (!row || row.status !== 'active') return null
      const filename = `etiquette-${row.number.toLowerCase()}`
      if (row.source === 'shop') return shopLabelDocument(db, row, payload.format, filename)
      if (payload.format === 'zpl') return row.labelZpl === null ? null : zpl([row.labelZpl], filename)
      const data = labelData(row)
      return pdf([carrierLabelPage(data)], carrierLabelTitle(data), filename)
    }
    case 'packing-slip': {
      const data = await loadPackingSlip(db, payload.args.orderId)
      if (!data) return null
      const name = data.order.name
      return pdf(packingSlipPages(data), packingSlipTitle(name), `bon-de-livraison-${name.toLowerCase()}`)
    }
    case 'carrier-slip-manifest': {
      const data = await loadManifest(db, payload.args.slipId)
      if (!data) return null
      return pdf(manifestPages(data), manifestTitle(data.number), data.number.toLowerCase())
    }
    case 'customization-file': {
      const data = await loadCustomizationFile(db, payload.args.id)
      return data ? customizationDocument(data) : null
    }
  }
}

/** The label the shop bought, as it sent it: its own bytes, in its one format. */
async function shopLabelDocument(
  db: Db,
  row: LabelRow,
  format: 'pdf' | 'zpl',
  filename: string,
): Promise<RenderedDocument | null> {
  const label = await db
    .selectFrom('shop_labels as l')
    .innerJoin('parcels as p', 'p.order_id', 'l.order_id')
    .innerJoin('tracking_numbers as t', 't.parcel_id', 'p.id')
    .select(['l.format', 'l.content'])
    .where('t.id', '=', row.id)
    .whereRef('l.tracking_number', '=', 't.number')
    .executeTakeFirst()
  if (!label || label.format !== format) return null
  return {
    body: Buffer.from(label.content),
    contentType: format === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8',
    filename: `${filename}.${format}`,
  }
}

function codeLabels(
  names: string[],
  format: 'pdf' | 'zpl',
  title: string,
  filename: string,
): RenderedDocument {
  return format === 'zpl'
    ? zpl(names.map(codeLabelZpl), filename)
    : pdf(names.map(codeLabelPage), title, filename)
}

const pdf = (pages: PdfPage[], title: string, filename: string): RenderedDocument => ({
  body: pdfDocument(pages, { title }),
  contentType: 'application/pdf',
  filename: `${filename}.pdf`,
})

const zpl = (labels: string[], filename: string): RenderedDocument => ({
  body: Buffer.from(labels.join(''), 'utf8'),
  contentType: 'text/plain; charset=utf-8',
  filename: `${filename}.zpl`,
})
