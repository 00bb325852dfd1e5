import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminShop } from '@contract'
import { shopsQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { useEditing } from '../use-editing.ts'
import { OrderImport, ReceptionImport } from './grouped-import.tsx'
import { ProductImport } from './product-import.tsx'
import { ShopForm } from './shop-form.tsx'
import { ShopKeys } from './shop-keys.tsx'
import { ShopOrders } from './shop-orders.tsx'
import { ShopPlatform } from './shop-platform.tsx'
import { ShopWebhooks } from './shop-webhooks.tsx'

const t = adminText.shops

export function ShopsSection() {
  const shops = useQuery(shopsQuery())
  const { editing, add, edit, close } = useEditing<AdminShop>()
  const [importing, setImporting] = useState<AdminShop | null>(null)
  const [keysOf, setKeysOf] = useState<AdminShop | null>(null)
  const [ordersOf, setOrdersOf] = useState<AdminShop | null>(null)
  const [ordersIn, setOrdersIn] = useState<AdminShop | null>(null)
  const [receptionsIn, setReceptionsIn] = useState<AdminShop | null>(null)
  const [hooksOf, setHooksOf] = useState<AdminShop | null>(null)
  const [platformOf, setPlatformOf] = useState<AdminShop | null>(null)
  return (
    <Section title={t.tab} query={shops} action={<Button onClick={add}>{t.add}</Button>}>
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
                    <EditButton name={shop.name} onClick={() => edit(shop)} />
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setImporting(shop)}
                      aria-label={`${adminText.productImport.open} — ${shop.name}`}
                    >
                      {adminText.productImport.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setOrdersIn(shop)}
                      aria-label={`${adminText.orderImport.open} — ${shop.name}`}
                    >
                      {adminText.orderImport.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setReceptionsIn(shop)}
                      aria-label={`${adminText.receptionImport.open} — ${shop.name}`}
                    >
                      {adminText.receptionImport.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setKeysOf(shop)}
                      aria-label={`${adminText.shopKeys.open} — ${shop.name}`}
                    >
                      {adminText.shopKeys.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setOrdersOf(shop)}
                      aria-label={`${adminText.shopOrders.open} — ${shop.name}`}
                    >
                      {adminText.shopOrders.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setHooksOf(shop)}
                      aria-label={`${adminText.webhooks.open} — ${shop.name}`}
                    >
                      {adminText.webhooks.open}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setPlatformOf(shop)}
                      aria-label={`${adminText.platform.open} — ${shop.name}`}
                    >
                      {adminText.platform.open}
                    </Button>
                  </>
                }
              />
            ))}
          </Rows>
          {editing ? <ShopForm shop={editing.entity} onClose={close} /> : null}
          {importing ? <ProductImport shop={importing} onClose={() => setImporting(null)} /> : null}
          {ordersIn ? <OrderImport shop={ordersIn} onClose={() => setOrdersIn(null)} /> : null}
          {receptionsIn ? (
            <ReceptionImport shop={receptionsIn} onClose={() => setReceptionsIn(null)} />
          ) : null}
          {keysOf ? <ShopKeys shop={keysOf} onClose={() => setKeysOf(null)} /> : null}
          {ordersOf ? <ShopOrders shop={ordersOf} onClose={() => setOrdersOf(null)} /> : null}
          {hooksOf ? <ShopWebhooks shop={hooksOf} onClose={() => setHooksOf(null)} /> : null}
          {platformOf ? <ShopPlatform shop={platformOf} onClose={() => setPlatformOf(null)} /> : null}
        </>
      )}
    </Section>
  )
}
