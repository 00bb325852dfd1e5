import {
  adminOrderImport,
  type AdminShop,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_TEMPLATE,
  type OrderImportResult,
} from '@contract'
import { Anchor, Text } from '@mantine/core'
import { callApi } from '@/lib/http'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { CsvImport, RefusedRows } from './csv-import.tsx'

const t = adminText.orderImport

/** The template as a download: with a byte-order mark, so a spreadsheet reads its accents as UTF-8. */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${ORDER_CSV_TEMPLATE}\r\n`)}`

/** 'Importer des commandes (CSV)': a shop's orders from a file, with the shop API's checks. */
export function OrderImport({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  return (
    <CsvImport<OrderImportResult>
      title={t.title(shop.name)}
      help={
        <>
          <Text size="sm">{t.help}</Text>
          <Text size="sm" c="dimmed">
            {t.columns(ORDER_CSV_COLUMNS.join(' ; '))}
          </Text>
          <Anchor size="sm" href={TEMPLATE_HREF} download="modele-commandes.csv">
            {t.template}
          </Anchor>
        </>
      }
      send={(body) => callApi(adminOrderImport, { params: { id: shop.id }, body })}
      refresh={[adminKeys.shops()]}
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
      onClose={onClose}
    />
  )
}
