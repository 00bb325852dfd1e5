import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminShop } from '@contract'
import { shopsQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { ProductImport } from './product-import.tsx'
import { ShopForm } from './shop-form.tsx'

const t = adminText.shops

export function ShopsSection() {
  const shops = useQuery(shopsQuery())
  const [editing, setEditing] = useState<AdminShop | 'new' | null>(null)
  const [importing, setImporting] = useState<AdminShop | null>(null)
  return (
    <Section title={t.tab} query={shops} action={<Button onClick={() => setEditing('new')}>{t.add}</Button>}>
      {(list) => (
        <>
          <Rows>
            {list.map((shop) => (
              <Row
                key={shop.id}
                title={shop.name}
                details={
                  <Text size="sm" c="dimmed">
                    {shop.slug} · {shop.code} · {t.products(shop.products)}
                  </Text>
                }
                actions={
                  <>
                    <EditButton name={shop.name} onClick={() => setEditing(shop)} />
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setImporting(shop)}
                      aria-label={`${adminText.productImport.open} — ${shop.name}`}
                    >
                      {adminText.productImport.open}
                    </Button>
                  </>
                }
              />
            ))}
          </Rows>
          {editing ? (
            <ShopForm shop={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          ) : null}
          {importing ? <ProductImport shop={importing} onClose={() => setImporting(null)} /> : null}
        </>
      )}
    </Section>
  )
}
