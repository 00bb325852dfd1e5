/**
 * The home screen's figures of the day (GET /rest/statistic/today): what waits in the user's
 * shops, the day's work, the hours, the pickups to come. Loaded after the home screen's tiles
 * (app/home-screen.tsx), with the contract's schema of the answer and the chart in chunks of their
 * own: the first screen pays nothing for them. Refreshed every minute; offline or after a failed
 * refresh, the last figures stay, dated.
 */
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useOnline } from '@/lib/network-status'
import { todayQuery } from '../api.ts'
import { carriersDue, chartHours, figureTiles, freshness, shopsReady } from '../model.ts'
import { text } from '../text.ts'
import { CarriersCard } from './carriers-card.tsx'
import { FiguresGrid } from './figures-grid.tsx'
import { ShopsReady } from './shops-ready.tsx'

const HourChart = lazy(() => import('./hour-chart.tsx').then((m) => ({ default: m.HourChart })))

/** The time now, moved on every minute: the minutes to a pickup count down between refreshes. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

/** `roles`: the user's warehouse roles, for the links to the screens they open. */
export function TodayPanel({ roles }: { roles: readonly string[] }) {
  const query = useQuery(todayQuery())
  const online = useOnline()
  const minute = useMinute()
  const stats = query.data
  if (!stats) {
    if (query.isError)
      return (
        <Alert color="red" title={text.loadFailed}>
          <Button variant="light" size="sm" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        </Alert>
      )
    return <Text c="dimmed">{text.loading}</Text>
  }
  // A new answer is a later 'now' than the clock's last tick.
  const now = new Date(Math.max(minute.getTime(), query.dataUpdatedAt))
  const fresh = freshness(stats.at, now, online)
  const time = text.time(stats.at)
  const chart = chartHours(stats.hours)
  return (
    <Stack gap="sm" component="section" aria-labelledby="today-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="today-title">
          {text.title}
        </Title>
        <Text size="sm" c={fresh === 'fresh' ? 'dimmed' : 'orange.9'} role="status">
          {fresh === 'offline'
            ? text.offlineAt(time)
            : fresh === 'stale'
              ? text.staleAt(time)
              : text.at(time)}
        </Text>
      </Group>
      <ShopsReady shops={shopsReady(stats)} canPick={roles.includes('Picking')} />
      <FiguresGrid tiles={figureTiles(stats)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Suspense fallback={null}>
          <HourChart chart={chart} />
        </Suspense>
        <CarriersCard carriers={carriersDue(stats, now)} canOpenSlips={roles.includes('Barcode')} />
      </SimpleGrid>
    </Stack>
  )
}
