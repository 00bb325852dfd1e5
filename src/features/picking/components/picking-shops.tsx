import type { Shop } from '@contract'
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { sortShops } from '../model.ts'
import { pickingText as t } from '../text.ts'

/**
 * /warehouse/picking: the user's shops with their orders ready to pick (the access profile's
 * orderCount, refreshed every minute), each one a large touch target. Shops with nothing ready come
 * after, dimmed, and still open: a worker may want to reprint a list there.
 */
export function PickingShops({ shops }: { shops: readonly Shop[] }) {
  if (shops.length === 0) return <Text role="alert">{t.noShop}</Text>
  const { ready, empty } = sortShops(shops)
  return (
    <Stack gap="lg">
      {ready.length > 0 ? <ShopGrid shops={ready} /> : null}
      {empty.length > 0 ? (
        <Stack gap="xs">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t.emptyShops}
          </Text>
          <ShopGrid shops={empty} />
        </Stack>
      ) : null}
    </Stack>
  )
}

function ShopGrid({ shops }: { shops: readonly Shop[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {shops.map((shop) => {
        const count = shop.orderCount ?? 0
        return (
          <Card
            key={shop.slug}
            withBorder
            padding="md"
            mih={72}
            opacity={count > 0 ? 1 : 0.6}
            renderRoot={(props) => (
              <Link to="/warehouse/picking/$shopSlug" params={{ shopSlug: shop.slug }} {...props} />
            )}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {shop.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {/* The count in words too: the card's name is its visible text ('Atelier Vélo 1 commande à préparer'). */}
                  {count > 0 ? t.readyCount(count) : t.nothingReady}
                </Text>
              </div>
              <Badge color={count > 0 ? 'primary' : 'gray'} size="xl" style={{ flexShrink: 0 }} aria-hidden>
                {count}
              </Badge>
            </Group>
          </Card>
        )
      })}
    </SimpleGrid>
  )
}
