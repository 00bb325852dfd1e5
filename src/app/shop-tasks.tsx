import '@mantine/core/styles/Anchor.css'
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { STOCK_INFO_ROLES, type UserAccess } from '@contract'

/**
 * docs/specification.md §2.1 routes the stock screens per shop (/shop/{slug}/reception, rebut, product-information)
 * while their menu items stay disabled (§2.4): without this block nothing would lead to them. One
 * card per shop with the screens the user's roles open; loaded after the home screen's tiles.
 */
const SHOP_TASKS = [
  { to: '/shop/$shopSlug/reception', title: 'Réception', roles: ['Reception'] },
  { to: '/shop/$shopSlug/rebut', title: 'Rebut', roles: ['Rebut'] },
  {
    to: '/shop/$shopSlug/product-information',
    title: 'Information produit',
    roles: STOCK_INFO_ROLES,
  },
] as const

export function ShopTasks({ access }: { access: UserAccess }) {
  const held = new Set(access.warehouse?.roles ?? [])
  const tasks = SHOP_TASKS.filter((task) => task.roles.some((role) => held.has(role)))
  if (tasks.length === 0 || access.shops.length === 0) return null
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Stock par boutique
        </Text>
        {/* Inline: its padding widens the touch target to 48 px without moving the line. */}
        {STOCK_INFO_ROLES.some((role) => held.has(role)) ? (
          <Anchor
            renderRoot={(props) => <Link to="/warehouse/location-information" {...props} />}
            size="sm"
            py={14}
          >
            Information emplacement
          </Anchor>
        ) : null}
      </Group>
      {/* Inventory counts a location whatever its shops: one button, not one per shop (the specification keeps its menu item disabled). */}
      {held.has('Inventory') ? (
        <Button
          variant="light"
          size="sm"
          h={48}
          style={{ alignSelf: 'flex-start' }}
          renderRoot={(props) => <Link to="/warehouse/inventory" {...props} />}
        >
          Inventaire
        </Button>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {access.shops.map((shop) => (
          <Card key={shop.slug} withBorder padding="md">
            <Text fw={600} mb={6}>
              {shop.name}
            </Text>
            <Group gap="xs">
              {tasks.map((task) => (
                <Button
                  key={task.to}
                  variant="light"
                  size="sm"
                  h={48}
                  renderRoot={(props) => <Link to={task.to} params={{ shopSlug: shop.slug }} {...props} />}
                >
                  {task.title}
                </Button>
              ))}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
