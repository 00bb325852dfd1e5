import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import type { CarrierSlipGroup } from '@contract'
import { pickupTone, type PickupTone } from '../load.ts'
import { text as t } from '../text.ts'

const toneColor: Record<PickupTone, string> = { ok: 'gray', soon: 'orange', late: 'red' }

/** 'Enlèvement 17:30 · dans 45 min': orange under 30 minutes, red once the pickup has passed. */
export function PickupBadge({ group }: { group: CarrierSlipGroup }) {
  const tone = pickupTone(group.minutesToPickup)
  return (
    <Badge
      size="lg"
      variant={tone === 'ok' ? 'light' : 'filled'}
      color={toneColor[tone]}
      data-tone={tone}
      data-testid="pickup"
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {t.pickup(group.pickupTime)} · {t.minutesLeft(group.minutesToPickup)}
    </Badge>
  )
}

function GroupCard({ group, onOpen }: { group: CarrierSlipGroup; onOpen: () => void }) {
  return (
    <Card withBorder padding="sm" data-testid="slip-group">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{group.group.name}</Text>
            <Text size="sm" c="dimmed">
              {group.carrier.name} · {t.slip(group.slip.number)}
            </Text>
          </div>
          <PickupBadge group={group} />
        </Group>
        {group.otherShopsParcels > 0 ? (
          <Text size="sm" c="orange.9" data-testid="slip-other-shops">
            {t.otherShopsShort(group.otherShopsParcels)}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} data-testid="slip-totals">
            {t.parcels(group.parcelCount)} · {t.weight(group.totalWeightGrams)}
          </Text>
          <Button h={48} variant="light" onClick={onOpen} aria-label={t.open(group.group.name)}>
            {t.openShort}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** Every carrier's open slip (one card each), or why there is none to show. */
export function SlipList({
  groups,
  failed,
  onRetry,
  onOpen,
}: {
  groups: CarrierSlipGroup[] | undefined
  failed: boolean
  onRetry: () => void
  onOpen: (group: string) => void
}) {
  if (!groups) {
    if (failed) {
      return (
        <Alert color="red" role="alert" p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{t.loadFailed}</Text>
            <Button h={48} variant="default" onClick={onRetry}>
              {t.retry}
            </Button>
          </Group>
        </Alert>
      )
    }
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.loading}</Text>
      </Group>
    )
  }
  if (groups.length === 0) return <Text c="dimmed">{t.noGroups}</Text>
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{t.listTitle}</Text>
        <Text size="sm" c="dimmed">
          {t.refreshed}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {groups.map((group) => (
          <GroupCard key={group.group.code} group={group} onOpen={() => onOpen(group.group.code)} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
