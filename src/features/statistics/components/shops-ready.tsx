import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { MovingBorder } from '@/lib/ui/moving-border'
import { primaryShop, type ShopReady } from '../model.ts'
import { text } from '../text.ts'

/** Each of the user's shops with its orders to pick by type; the busiest one's button is the screen's lead action. */
export function ShopsReady({ shops, canPick }: { shops: ShopReady[]; canPick: boolean }) {
  const lead = canPick ? primaryShop(shops) : null
  return (
    <Stack gap="xs">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {text.shopsTitle}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {shops.map((shop) => {
          const button = (
            <Button
              variant={shop.slug === lead ? 'filled' : 'light'}
              size="sm"
              h={48}
              style={{ flexShrink: 0 }}
              aria-label={text.prepareShop(shop.name)}
              renderRoot={(props) => (
                <Link to="/warehouse/picking/$shopSlug" params={{ shopSlug: shop.slug }} {...props} />
              )}
            >
              {text.prepare}
            </Button>
          )
          return (
            <Card key={shop.slug} withBorder padding="md" data-testid="shop-ready">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{shop.name}</Text>
                  <Text size="sm" c="dimmed">
                    {shop.orders > 0
                      ? `${text.ready(shop.orders)} · ${text.units(shop.units)}`
                      : text.nothingReady}
                  </Text>
                </div>
                {canPick && shop.orders > 0 ? (
                  shop.slug === lead ? (
                    <MovingBorder>{button}</MovingBorder>
                  ) : (
                    button
                  )
                ) : null}
              </Group>
              {shop.types.length > 0 ? (
                <Group gap={6} mt="xs">
                  {shop.types.map((t) => (
                    <Badge key={t.pickingType} variant="light" color="gray" size="lg" tt="none">
                      {t.label} : {t.orders}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Card>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
