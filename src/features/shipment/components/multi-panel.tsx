import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { boxOf, productsOf, scannedOf, unitsLeft } from '../multi.ts'
import type { MultiState } from '../state.ts'
import { text as t } from '../text.ts'
import { ParcelEditor } from './parcel-editor.tsx'

export interface MultiActions {
  onBox: (box: string) => void
  onWeight: (grams: number | null) => void
  onConfirmWeight: () => void
  onNewParcel: () => void
  onValidate: () => void
  onLeave: () => void
  onTapped: () => void
}

/** The order's lines as scanned: units in the parcels made here over units to pack. */
function Lines({ multi }: { multi: MultiState }) {
  return (
    <Stack gap={4}>
      {productsOf(multi.order)
        .filter((p) => p.room > 0)
        .map((p) => {
          const scanned = scannedOf(multi.parcels, p.sku)
          return (
            <Group key={p.sku} justify="space-between" wrap="nowrap" gap="xs" data-testid="order-line">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.sku} · {p.ean13}
                </Text>
              </div>
              <Text fw={700} c={scanned === p.room ? 'green.9' : undefined}>
                {t.lineCount(scanned, p.room)}
              </Text>
            </Group>
          )
        })}
    </Stack>
  )
}

/** Drops the order's parcels made here; asks a second tap when units were scanned (they would be lost). */
function LeaveButton({
  disabled,
  scanned,
  actions,
}: {
  disabled: boolean
  scanned: boolean
  actions: MultiActions
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <Button
      h={40}
      variant={confirming ? 'filled' : 'subtle'}
      color="red"
      disabled={disabled}
      onBlur={() => setConfirming(false)}
      onClick={() => {
        if (scanned && !confirming) return setConfirming(true)
        actions.onLeave()
        actions.onTapped()
      }}
    >
      {confirming ? t.confirmLeave : t.leaveMulti}
    </Button>
  )
}

/**
 * A multi order being packed: the order and what goes with it (gift message, customizations), its
 * lines, the parcels closed, the one being filled, 'Nouveau colis' and 'Valider'.
 */
export function MultiPanel({
  multi,
  weighNow,
  actions,
}: {
  multi: MultiState
  weighNow: boolean
  actions: MultiActions
}) {
  const { order } = multi
  const sending = multi.sending !== null
  const current = multi.parcels[multi.parcels.length - 1]
  const tap = (action: () => void) => () => {
    action()
    actions.onTapped()
  }
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700} data-testid="order-title">
          {t.orderTitle(order.order.name, order.customer.name)}
        </Text>
        <Text size="sm" c="dimmed">
          {[order.tote ? t.tote(order.tote) : null, order.order.carrier?.name].filter(Boolean).join(' · ')}
        </Text>
      </div>
      {order.giftMessage ? (
        <Alert color="yellow" p="xs" title={t.gift}>
          {order.giftMessage}
        </Alert>
      ) : null}
      {order.customizations.map((c) => (
        <Alert key={c.orderLine} color="yellow" p="xs" title={`${t.customization} · ${c.product.name}`}>
          {c.text}
        </Alert>
      ))}
      <Lines multi={multi} />
      <Text size="sm" fw={600} data-testid="units-left">
        {t.toScan(unitsLeft(multi))}
      </Text>
      {multi.parcels.map((parcel, i) => (
        <Card key={i} withBorder padding="sm" data-testid="parcel">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{t.parcel(i + 1)}</Text>
            <Text size="sm">
              {[
                boxOf(order, parcel.box)?.name,
                parcel.items.length > 0 ? `${parcel.items.length} art.` : t.parcelEmpty,
                parcel.weight !== null ? `${parcel.weight} g` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Group>
          {parcel === current ? (
            <ParcelEditor
              order={order}
              parcel={parcel}
              weighNow={weighNow}
              disabled={sending}
              onBox={actions.onBox}
              onWeight={actions.onWeight}
              onConfirmWeight={actions.onConfirmWeight}
              onTapped={actions.onTapped}
            />
          ) : null}
        </Card>
      ))}
      {multi.problem ? (
        <Text c="red.8" fw={600} role="alert" data-testid="parcel-problem">
          {multi.problem}
        </Text>
      ) : null}
      {/* Waiting for the network is said above the work (the 'Renvoyer maintenant' banner). */}
      {multi.sending && !multi.sending.waiting ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{multi.sending.step === 'pack' ? t.validating : t.printing}</Text>
        </Group>
      ) : null}
      <Group grow gap="xs" wrap="nowrap">
        <Button h={48} variant="default" disabled={sending} onClick={tap(actions.onNewParcel)}>
          {t.newParcel}
        </Button>
        <Button
          h={48}
          loading={sending && !multi.sending?.waiting}
          disabled={sending}
          onClick={tap(actions.onValidate)}
        >
          {t.validate}
        </Button>
      </Group>
      <LeaveButton
        disabled={sending}
        scanned={multi.parcels.some((p) => p.items.length > 0)}
        actions={actions}
      />
    </Stack>
  )
}
