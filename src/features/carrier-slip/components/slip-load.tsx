import '@mantine/core/styles/Progress.css'
import { ActionIcon, Alert, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core'
import { IconArrowLeft, IconX } from '@tabler/icons-react'
import type { CarrierSlipParcel } from '@contract'
import { otherShopsWarning, type LoadView } from '../load.ts'
import { text as t } from '../text.ts'
import { PickupBadge } from './slip-list.tsx'

/** The opened slip's head: its group and number, the pickup, how many parcels are loaded. */
export function SlipHead({ view, onBack, busy }: { view: LoadView; onBack: () => void; busy: boolean }) {
  const { group, loaded, total } = view
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          h={48}
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
          onClick={onBack}
          disabled={busy}
        >
          {t.back}
        </Button>
        <PickupBadge group={group} />
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg">
            {group.group.name}
          </Text>
          <Text size="sm" c="dimmed">
            {group.carrier.name} · {t.slip(group.slip.number)} · {t.weight(group.totalWeightGrams)}
          </Text>
        </div>
        <Text fw={700} data-testid="loaded-count">
          {t.loadedOf(loaded, total)}
        </Text>
      </Group>
      <Progress
        value={total === 0 ? 0 : (100 * loaded) / total}
        size="lg"
        aria-label={t.loadedOf(loaded, total)}
      />
      <OtherShops view={view} />
    </Stack>
  )
}

/** Other shops' parcels wait on the slip: said before the first scan, with who can close it. */
function OtherShops({ view }: { view: LoadView }) {
  const warning = otherShopsWarning(view.group)
  if (!warning) return null
  return (
    <Alert color="orange" variant="light" p="xs" title={t.otherShopsTitle} data-testid="other-shops">
      <Text size="sm">{warning}</Text>
    </Alert>
  )
}

function ParcelRow({
  tracking,
  detail,
  loaded,
  onUntick,
}: {
  tracking: string
  detail: string
  loaded: boolean
  onUntick?: () => void
}) {
  return (
    <Card withBorder padding="xs" data-testid="slip-parcel" data-loaded={loaded}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {tracking}
          </Text>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge color={loaded ? 'green' : 'gray'} variant={loaded ? 'filled' : 'light'}>
            {loaded ? t.loadedLabel : t.notLoadedLabel}
          </Badge>
          {loaded && onUntick ? (
            <ActionIcon
              size={48}
              variant="subtle"
              color="red"
              aria-label={t.untick(tracking)}
              onClick={onUntick}
            >
              <IconX size={20} />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
    </Card>
  )
}

const detailOf = (p: CarrierSlipParcel) => t.parcelDetail(p.order, p.seq, p.weightGrams, p.weighed)

/** The slip's parcels, those still to load first; then the ones ticked that the list does not show yet. */
export function ParcelList({ view, onUntick }: { view: LoadView; onUntick?: (tracking: string) => void }) {
  const rows = [...view.rows].sort((a, b) => Number(a.loaded) - Number(b.loaded))
  return (
    <Stack gap={6}>
      {rows.map(({ parcel, loaded }) => (
        <ParcelRow
          key={parcel.trackingNumber}
          tracking={parcel.trackingNumber}
          detail={detailOf(parcel)}
          loaded={loaded}
          onUntick={onUntick && (() => onUntick(parcel.trackingNumber))}
        />
      ))}
      {view.extras.map((tracking) => (
        <ParcelRow
          key={tracking}
          tracking={tracking}
          detail={t.sinceList}
          loaded
          onUntick={onUntick && (() => onUntick(tracking))}
        />
      ))}
    </Stack>
  )
}

/** Before closing: parcels not scanned, orders that would miss the pickup, minutes left. */
export function Preflight({ view }: { view: LoadView }) {
  const { group, unscanned, loaded, missing } = view
  return (
    <Card withBorder padding="sm" data-testid="preflight">
      <Text fw={700} mb={4}>
        {t.preflightTitle}
      </Text>
      <Stack gap={4}>
        <Text size="sm" c={unscanned > 0 ? 'orange.9' : 'green.9'}>
          {loaded === 0 && unscanned > 0 ? t.noneScanned : t.unscanned(unscanned)}
        </Text>
        <Text size="sm" c={missing.length > 0 ? 'orange.9' : undefined}>
          {missing.length > 0 ? t.missing(missing.length) : t.missingNone}
        </Text>
        {missing.map((m) => (
          <Text key={`${m.shop}/${m.order}`} size="sm" pl="sm">
            {t.missingOrder(m.order, m.labelled, m.parcels)}
          </Text>
        ))}
        <Text size="sm" c={group.minutesToPickup < 0 ? 'red.8' : undefined}>
          {t.pickupLeft(group.pickupTime, group.minutesToPickup)}
        </Text>
      </Stack>
    </Card>
  )
}
