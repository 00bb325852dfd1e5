import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { Button, Card, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import type { ReturnableOrder } from '@contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDay } from '@/lib/dates'
import { shopOrdersQuery } from '../api.ts'
import { text as t } from '../text.ts'

export interface ShopRef {
  slug: string
  name: string
}

interface ParcelSearchProps {
  shops: readonly ShopRef[]
  onPick: (order: ReturnableOrder, shop: ShopRef) => void
}

/**
 * A parcel whose label is gone: the order found in a shop by its customer's name or email (or its
 * number), with what it shipped. Folded until asked for: the scan comes first.
 */
export function ParcelSearch({ shops, onPick }: ParcelSearchProps) {
  const [open, setOpen] = useState(false)
  const [shop, setShop] = useState(shops[0]?.slug ?? '')
  const [typed, setTyped] = useState('')
  const [asked, setAsked] = useState<string | null>(null)
  const results = useQuery({ ...shopOrdersQuery(shop, asked ?? ''), enabled: asked !== null })
  const chosen = shops.find((s) => s.slug === shop)
  if (shops.length === 0) return null
  if (!open)
    return (
      <Button variant="subtle" h={48} px={0} justify="flex-start" onClick={() => setOpen(true)}>
        {t.search}
      </Button>
    )
  return (
    <Card withBorder padding="sm" component="section" aria-label={t.searchTitle}>
      <Stack gap="xs">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setAsked(typed.trim())
          }}
        >
          <Stack gap="xs">
            <NativeSelect
              label={t.shop}
              value={shop}
              onChange={(event) => setShop(event.currentTarget.value)}
              data={shops.map((s) => ({ value: s.slug, label: s.name }))}
              size="md"
            />
            <TextInput
              label={t.searchField}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={results.isError ? results.error.message : undefined}
              size="md"
            />
            <Group grow gap="xs" wrap="nowrap">
              <Button type="submit" h={48} loading={results.isFetching} aria-label={t.searchGo}>
                {t.searchGoShort}
              </Button>
              <Button h={48} variant="default" onClick={() => setOpen(false)} aria-label={t.searchClose}>
                {t.searchCloseShort}
              </Button>
            </Group>
          </Stack>
        </form>
        {results.isFetching ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t.searching}</Text>
          </Group>
        ) : results.data?.length === 0 ? (
          <Text c="dimmed">{t.noResult}</Text>
        ) : null}
        {chosen && !results.isFetching
          ? results.data?.map((order) => (
              <Button
                key={order.name}
                h={48}
                variant="light"
                justify="flex-start"
                onClick={() => onPick(order, chosen)}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.1 } }}
              >
                {t.result(order.name, order.customer.name, formatDay(order.createdAt))}
              </Button>
            ))
          : null}
      </Stack>
    </Card>
  )
}
