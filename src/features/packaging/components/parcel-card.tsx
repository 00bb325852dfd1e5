import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { PARCEL_STATUS_LABELS, type TrackedParcel } from '@contract'
import { useState, type ReactNode } from 'react'
import { weightWarning } from '../model.ts'
import { text as t } from '../text.ts'

export interface ParcelCardProps {
  parcel: TrackedParcel
  /** What the parcel offers now (model.ts parcelActions). */
  allowed: { label: boolean; manual: boolean; reprint: boolean; void: boolean }
  /** The write under way for this parcel, if any. */
  busy: string | null
  /** A scanned tracking number named it. */
  selected: boolean
  onLabel: () => void
  onReprint: () => void
  onVoid: () => void
  onManual: () => void
  /** The manual number's form, when open on this parcel. */
  children?: ReactNode
}

const statusColor = {
  open: 'orange',
  labelled: 'green',
  voided: 'gray',
  manifested: 'blue',
  shipped: 'blue',
} as const

/** One parcel as it is on the server: box, weights, content, number, and what can be done with it. */
export function ParcelCard({
  parcel,
  allowed,
  busy,
  selected,
  onLabel,
  onReprint,
  onVoid,
  onManual,
  children,
}: ParcelCardProps) {
  const [confirming, setConfirming] = useState(false)
  const warning = weightWarning(parcel.weightGrams, parcel.estimatedGrams)
  const title = t.parcelTitle(parcel.seq)
  const number = parcel.tracking?.number
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="parcel"
      aria-label={title}
      component="section"
      style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{title}</Text>
          <Badge color={statusColor[parcel.status]} variant="light" style={{ flexShrink: 0 }}>
            {PARCEL_STATUS_LABELS[parcel.status]}
          </Badge>
        </Group>
        <Text size="sm">{t.boxOf(parcel.boxType.name, parcel.boxType.code)}</Text>
        <Text size="sm" c="dimmed">
          {[t.estimated(parcel.estimatedGrams), t.measured(parcel.weightGrams), t.max(parcel.maxGrams)].join(
            ' · ',
          )}
        </Text>
        {warning ? (
          <Text size="sm" c="orange.9" role="status">
            {warning}
          </Text>
        ) : null}
        {parcel.lines.map((l) => (
          <Text key={l.orderLine} size="sm">
            {l.quantity} × {l.product.name} ({l.product.sku})
          </Text>
        ))}
        {number ? (
          <Text fw={600} data-testid="tracking-number">
            {t.tracking(number)}
            {parcel.tracking?.source === 'manual' ? ` · ${t.manualSource}` : ''}
            {parcel.tracking?.source === 'shop' ? ` · ${t.shopSource}` : ''}
          </Text>
        ) : null}
        <Group gap="xs" mt={4}>
          {allowed.label ? (
            <Button h={48} loading={busy === 'label'} onClick={onLabel}>
              {t.label}
            </Button>
          ) : null}
          {allowed.manual ? (
            <Button h={48} variant="default" onClick={onManual}>
              {t.manual}
            </Button>
          ) : null}
          {allowed.reprint || busy === 'reprint' ? (
            <Button h={48} variant="default" loading={busy === 'reprint'} onClick={onReprint}>
              {t.reprint}
            </Button>
          ) : null}
          {(allowed.void || busy === 'void') && number ? (
            <Button
              h={48}
              color="red"
              variant={confirming ? 'filled' : 'light'}
              loading={busy === 'void'}
              onBlur={() => setConfirming(false)}
              onClick={() => {
                if (!confirming) return setConfirming(true)
                setConfirming(false)
                onVoid()
              }}
            >
              {confirming ? t.confirmVoid(number) : t.voidLabel}
            </Button>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  )
}
