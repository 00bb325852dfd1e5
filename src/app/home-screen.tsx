import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useAccess } from '@/features/access'
import { messages } from '@/lib/messages'
import { NavIcon } from './layout/nav-icons.tsx'
import { useNavGroups } from './layout/use-nav-groups.ts'

// After the tiles, once the browser is idle: the first screen's budget goes to what every user sees first.
const ShopTasks = lazy(() => import('./shop-tasks.tsx').then((m) => ({ default: m.ShopTasks })))
// Today's figures the same way: with them come their fetch, the contract's schema of the answer and the chart.
const TodayPanel = lazy(() =>
  import('@/features/statistics/components/today-panel').then((m) => ({ default: m.TodayPanel })),
)

/**
 * SPEC §1 leaves the dashboard's content open. On a handheld the fastest way to a task is a big
 * tile, so the home screen repeats the user's menu as tiles, grouped as in the navigation; below
 * them, for a warehouse user, what there is to act on today (features/statistics): the orders
 * waiting in his shops, the day's figures and the pickups to come.
 */
export function HomeScreen() {
  const access = useAccess()
  const groups = useNavGroups(access, '/').filter((g) => g.subheader)
  const name = access.user?.displayName
  const idle = useIdle()
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {name ? messages.layout.welcomeName(name) : messages.layout.welcome}
        </Title>
        <Text c="dimmed">
          {groups.length ? messages.layout.homeIntro : messages.layout.noWarehouseAccess}
        </Text>
      </div>
      {groups.map((group) => (
        <Stack key={group.subheader} gap="xs">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {group.subheader}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {group.items.map((item) => (
              <Card
                key={item.path}
                withBorder
                padding="md"
                renderRoot={(props) => <Link to={item.path} {...props} />}
                style={{ minHeight: 88 }}
              >
                <Group gap="sm" wrap="nowrap">
                  <NavIcon path={item.path} size={28} />
                  <Text fw={600} lh={1.2}>
                    {item.title}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {idle && access.warehouse ? (
        <Suspense fallback={null}>
          <TodayPanel roles={access.warehouse.roles} />
        </Suspense>
      ) : null}
      {idle ? (
        <Suspense fallback={null}>
          <ShopTasks access={access} />
        </Suspense>
      ) : null}
    </Stack>
  )
}

/**
 * A moment after the first screen is shown: what follows (today's figures, the stock cards) loads
 * then, when the browser is idle, so it neither delays nor weighs on the first screen, whose budget
 * (ARCHITECTURE.md §5, bench:bundle) goes to the tiles every user sees first.
 */
const AFTER_FIRST_SCREEN_MS = 800

/** True once the first screen has been shown for a moment and the browser is idle. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let idleId: number | undefined
    const timer = window.setTimeout(() => {
      if (window.requestIdleCallback)
        idleId = window.requestIdleCallback(() => setIdle(true), { timeout: 500 })
      else setIdle(true)
    }, AFTER_FIRST_SCREEN_MS)
    return () => {
      window.clearTimeout(timer)
      if (idleId !== undefined) window.cancelIdleCallback(idleId)
    }
  }, [])
  return idle
}
