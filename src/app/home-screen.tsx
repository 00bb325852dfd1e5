import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { UserAccess } from '@contract'
import { useAccess } from '@/features/access'
import { isPerShop, myTasks, type MyTask } from '@/features/navigation'
import { isDevHost } from '@/lib/config'
import { messages } from '@/lib/messages'
import { NavIcon } from './layout/nav-icons.tsx'

// Drafts and queued writes, from IndexedDB: after the first screen, above the tiles.
const HomeWaiting = lazy(() => import('./home-waiting.tsx').then((m) => ({ default: m.HomeWaiting })))

// After the tiles, once the browser is idle: the first screen's budget goes to what every user sees first.
const ShopTasks = lazy(() => import('./shop-tasks.tsx').then((m) => ({ default: m.ShopTasks })))
// Today's figures the same way: with them come their fetch, the contract's schema of the answer and the chart.
const TodayPanel = lazy(() =>
  import('@/features/statistics/components/today-panel').then((m) => ({ default: m.TodayPanel })),
)

/**
 * docs/specification.md §1 leaves the dashboard's content open. On a handheld the fastest way to a task is a big
 * tile, so the home page starts with the user's own tasks (issue 31): every screen their roles
 * open, the per-shop ones (Réception, Rebut) with a button per shop, and above them what waits
 * (a draft to resume, writes not sent). Below, for a warehouse user, what there is to act on today
 * (features/statistics): the orders waiting in his shops, the day's figures and the pickups to come.
 */
export function HomeScreen() {
  const access = useAccess()
  const tasks = useMemo(() => myTasks(access.warehouse?.roles, isDevHost), [access])
  const name = access.user?.displayName
  const idle = useIdle()
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {name ? messages.layout.welcomeName(name) : messages.layout.welcome}
        </Title>
        <Text c="dimmed">{tasks.length ? messages.layout.homeIntro : messages.layout.noWarehouseAccess}</Text>
      </div>
      {idle ? (
        <Suspense fallback={null}>
          <HomeWaiting access={access} />
        </Suspense>
      ) : null}
      {tasks.length ? (
        <Stack gap="xs">
          <Title order={2} size="xs" fw={700} tt="uppercase" c="dimmed">
            Mes tâches
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {tasks.map((task) => (
              <TaskTile key={task.path} task={task} shops={access.shops} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
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

/** A task's tile: one link, or for a per-shop screen and several shops, a button per shop. */
function TaskTile({ task, shops }: { task: MyTask; shops: UserAccess['shops'] }) {
  const title = (
    <Group gap="sm" wrap="nowrap">
      <NavIcon path={task.menuPath} size={28} />
      <Text fw={600} lh={1.2}>
        {task.title}
      </Text>
    </Group>
  )
  const perShop = isPerShop(task.path)
  if (!perShop || shops.length === 1) {
    const params = perShop ? { shopSlug: shops[0]?.slug } : undefined
    return (
      <Card
        withBorder
        padding="md"
        renderRoot={(props) => <Link to={task.path} params={params} {...props} />}
        style={{ minHeight: 88 }}
      >
        {title}
      </Card>
    )
  }
  // The whole row: a button per shop under the title.
  return (
    <Card withBorder padding="md" style={{ gridColumn: '1 / -1' }}>
      {title}
      <Group gap="xs" mt="xs">
        {shops.map((shop) => (
          <Button
            key={shop.slug}
            variant="light"
            h={48}
            aria-label={`${task.title} · ${shop.name}`}
            renderRoot={(props) => <Link to={task.path} params={{ shopSlug: shop.slug }} {...props} />}
          >
            {shop.name}
          </Button>
        ))}
      </Group>
    </Card>
  )
}

/**
 * A moment after the first screen is shown: what follows (today's figures, the stock cards) loads
 * then, when the browser is idle, so it neither delays nor weighs on the first screen, whose budget
 * (docs/budgets.md, bench:bundle) goes to the tiles every user sees first.
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
