import type { Shop } from '@contract'
import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

/** The shops to pick for, with the orders each has waiting. */
export function ShopPickList({ shops }: { shops: Shop[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {shops.map((shop) => (
        <Link
          key={shop.slug}
          to="/warehouse/picking/$shopSlug"
          params={{ shopSlug: shop.slug }}
          style={{ color: 'inherit', textDecoration: 'none' }}
        >
          <Card withBorder padding="lg">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{shop.name}</Text>
              <Badge color={(shop.orderCount ?? 0) > 0 ? 'primary' : 'gray'} size="lg">
                {shop.orderCount ?? 0}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {(shop.orderCount ?? 0) > 1 ? 'commandes à préparer' : 'commande à préparer'}
            </Text>
          </Card>
        </Link>
      ))}
    </SimpleGrid>
  )
}
