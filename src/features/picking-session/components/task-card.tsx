import '@mantine/core/styles/Progress.css'
import { Card, Group, Progress, Stack, Text } from '@mantine/core'
import { IconCheck, IconGift, IconPhoto, IconScan } from '@tabler/icons-react'
import type { PickTask } from '@contract'
import { text as t } from '../text.ts'

/** 'Liste ML-…' and 'n / total' with a bar: how far the session is. */
export function SessionProgress({ batch, done, total }: { batch: string; done: number; total: number }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {t.batch(batch)}
        </Text>
        <Text fw={700} data-testid="progress" style={{ flexShrink: 0 }}>
          {t.progress(done, total)} {t.tasksDone}
        </Text>
      </Group>
      <Progress
        value={total === 0 ? 0 : (100 * done) / total}
        size="lg"
        aria-label={t.progressLabel(done, total)}
      />
    </Stack>
  )
}

/**
 * The current task, big enough to read at arm's length: the location in large type (`confirmed`
 * by a scan, or to scan), the product with its codes and an image placeholder, 'picked / quantity', the order
 * and its tote (a multi order: the one its units are in, or one to take), and the gift message or customization when there is one.
 */
export function TaskCard({ task, confirmed }: { task: PickTask; confirmed: boolean }) {
  const { product } = task
  return (
    <Card withBorder padding="sm" data-testid="current-task">
      <Group gap={4} wrap="nowrap" c={confirmed ? 'green.9' : 'orange.9'}>
        {confirmed ? <IconCheck size={16} /> : <IconScan size={16} />}
        <Text size="sm" fw={700} data-testid="location-state">
          {confirmed ? t.locationOk : t.locationToScan}
        </Text>
      </Group>
      <Text
        fz={34}
        fw={800}
        lh={1.1}
        ff="monospace"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="task-location"
      >
        {task.location}
      </Text>
      <Group wrap="nowrap" gap="sm" mt="xs" align="flex-start">
        <div
          role="img"
          aria-label={t.imageOf(product.name)}
          style={{
            flexShrink: 0,
            width: 48,
            height: 48,
            borderRadius: 8,
            display: 'grid',
            placeItems: 'center',
            background: 'var(--mantine-color-gray-1)',
            color: 'var(--mantine-color-gray-6)',
          }}
        >
          <IconPhoto size={26} />
        </div>
        <div style={{ minWidth: 0 }}>
          <Text fz="lg" fw={700} lh={1.2} data-testid="task-product">
            {product.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t.codes(product.sku, product.ean13)}
          </Text>
        </div>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs" mt="xs" align="flex-end">
        <Text fz={30} fw={800} lh={1} data-testid="task-quantity">
          {t.quantity(task.picked, task.quantity)}{' '}
          <Text span size="sm" fw={400} c="dimmed">
            {t.quantityLabel}
          </Text>
        </Text>
        <div style={{ textAlign: 'right' }}>
          {task.toTote ? (
            <Text fz="xl" fw={800} lh={1.1} ff="monospace" data-testid="task-tote">
              {t.toteOfOrder(task.tote)}
            </Text>
          ) : null}
          <Text size="sm">{t.order(task.order)}</Text>
        </div>
      </Group>
      {task.giftMessage ? <Note icon label={t.gift} value={task.giftMessage} /> : null}
      {task.customization ? <Note label={t.customization} value={task.customization} /> : null}
    </Card>
  )
}

function Note({ label, value, icon }: { label: string; value: string; icon?: boolean }) {
  return (
    <Group
      wrap="nowrap"
      gap={6}
      mt="xs"
      align="flex-start"
      p={6}
      style={{ borderRadius: 6, background: 'var(--mantine-color-yellow-0)' }}
    >
      {icon ? <IconGift size={18} style={{ flexShrink: 0, marginTop: 2 }} /> : null}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={700}>
          {label} :
        </Text>{' '}
        {value}
      </Text>
    </Group>
  )
}
