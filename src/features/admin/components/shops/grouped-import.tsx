import {
  adminOrderImport,
  adminReceptionImport,
  type AdminShop,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_TEMPLATE,
  type OrderImportResult,
  RECEPTION_CSV_COLUMNS,
  RECEPTION_CSV_TEMPLATE,
  type ReceptionImportResult,
} from '@contract'
import { Anchor, Text } from '@mantine/core'
import type { QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { callApi } from '@/lib/http'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { CsvImport, RefusedRows } from './csv-import.tsx'
import { ShopReceptions } from './shop-receptions.tsx'

interface RefusedRow {
  line: number
  reference: string
  column: string | null
  reason: string
}

/** What a file of rows grouped by reference (orders, expected deliveries) is imported with. */
interface GroupedImport<R> {
  texts: {
    title: (shop: string) => string
    help: string
    columns: (names: string) => string
    template: string
    refusedTitle: (n: number) => string
    line: string
    reference: string
    column: string
    reason: string
    done: (n: number) => string
    counts: (answer: R) => string
  }
  columns: readonly string[]
  template: string
  /** The template's file name when downloaded. */
  file: string
  send: (shopId: number, body: { csv: string; dryRun: boolean }) => Promise<R>
  refresh: (shopId: number) => readonly QueryKey[]
  /** Below the import: what is already there. */
  after?: (shop: AdminShop) => ReactNode
}

/** The template as a download: with a byte-order mark, so a spreadsheet reads its accents as UTF-8. */
const templateHref = (template: string) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${template}\r\n`)}`

function GroupedCsvImport<R extends { dryRun: boolean; created: number; refused: RefusedRow[] }>({
  kind: { texts: t, columns, template, file, send, refresh, after },
  shop,
  onClose,
}: {
  kind: GroupedImport<R>
  shop: AdminShop
  onClose: () => void
}) {
  return (
    <CsvImport<R>
      title={t.title(shop.name)}
      help={
        <>
          <Text size="sm">{t.help}</Text>
          <Text size="sm" c="dimmed">
            {t.columns(columns.join(' ; '))}
          </Text>
          <Anchor size="sm" href={templateHref(template)} download={file}>
            {t.template}
          </Anchor>
        </>
      }
      send={(body) => send(shop.id, body)}
      refresh={refresh(shop.id)}
      done={(r) => t.done(r.created)}
      result={(answer) => (
        <>
          <Text>{t.counts(answer)}</Text>
          <RefusedRows
            rows={answer.refused}
            title={t.refusedTitle(answer.refused.length)}
            columns={[
              [t.line, (row) => row.line],
              [t.reference, (row) => row.reference],
              [t.column, (row) => row.column ?? '—'],
              [t.reason, (row) => row.reason],
            ]}
          />
        </>
      )}
      after={after?.(shop)}
      onClose={onClose}
    />
  )
}

const ORDERS: GroupedImport<OrderImportResult> = {
  texts: adminText.orderImport,
  columns: ORDER_CSV_COLUMNS,
  template: ORDER_CSV_TEMPLATE,
  file: 'modele-commandes.csv',
  send: (id, body) => callApi(adminOrderImport, { params: { id }, body }),
  refresh: () => [adminKeys.shops()],
}

const RECEPTIONS: GroupedImport<ReceptionImportResult> = {
  texts: adminText.receptionImport,
  columns: RECEPTION_CSV_COLUMNS,
  template: RECEPTION_CSV_TEMPLATE,
  file: 'modele-receptions-attendues.csv',
  send: (id, body) => callApi(adminReceptionImport, { params: { id }, body }),
  refresh: (id) => [adminKeys.shopReceptions(id)],
  after: (shop) => <ShopReceptions shopId={shop.id} />,
}

/** 'Importer des commandes (CSV)': a shop's orders from a file, with the shop API's checks. */
export const OrderImport = (props: { shop: AdminShop; onClose: () => void }) => (
  <GroupedCsvImport kind={ORDERS} {...props} />
)

/** 'Réceptions attendues (CSV)': the deliveries a shop announces, from a file, with the shop API's checks. */
export const ReceptionImport = (props: { shop: AdminShop; onClose: () => void }) => (
  <GroupedCsvImport kind={RECEPTIONS} {...props} />
)
