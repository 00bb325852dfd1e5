import { adminProductImport, type AdminShop, type ProductImportResult } from '@contract'
import { Text } from '@mantine/core'
import { callApi } from '@/lib/http'
import { adminKeys } from '../../keys.ts'
import { adminText } from '../../text.ts'
import { CsvImport, RefusedRows } from './csv-import.tsx'

const t = adminText.productImport

/** 'Importer des produits (CSV)': a shop's catalogue created or updated by SKU. */
export function ProductImport({ shop, onClose }: { shop: AdminShop; onClose: () => void }) {
  return (
    <CsvImport<ProductImportResult>
      title={t.title(shop.name)}
      help={t.help}
      send={(body) => callApi(adminProductImport, { params: { id: shop.id }, body })}
      refresh={[adminKeys.shops()]}
      done={(r) => t.done(r.created + r.updated)}
      result={(answer) => (
        <>
          <Text>{t.counts(answer)}</Text>
          <RefusedRows
            rows={answer.refused}
            title={t.refusedTitle(answer.refused.length)}
            columns={[
              [t.line, (row) => row.line],
              [t.sku, (row) => row.sku],
              [t.reason, (row) => row.reason],
            ]}
          />
        </>
      )}
      onClose={onClose}
    />
  )
}
