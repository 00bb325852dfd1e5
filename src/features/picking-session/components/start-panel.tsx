import { Button, Card, NativeSelect, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, PICKING_TYPE_LABELS, type PickingType } from '@contract'
import { ScanStep, type StepFlow } from '@/features/scanning'
import type { CreateBody } from '../api.ts'
import { text as t } from '../text.ts'

export interface ShopChoice {
  slug: string
  name: string
}

const TYPES: PickingType[] = [...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES]

/**
 * No session open: scan (or type) a printed list's name, or take the next ready orders of a shop's
 * picking type. Opening needs the server (it claims the orders); the scan field keeps the focus.
 */
export function StartPanel({
  flow,
  active,
  error,
  shops,
  busy,
  onStart,
}: {
  flow: StepFlow
  active: boolean
  error: string | null
  shops: ShopChoice[]
  busy: boolean
  onStart: (body: CreateBody) => void
}) {
  const [shop, setShop] = useState(shops.length === 1 ? (shops[0] as ShopChoice).slug : '')
  const [type, setType] = useState('')
  const [incomplete, setIncomplete] = useState(false)
  const start = () => {
    if (!shop || !type) {
      setIncomplete(true)
      return
    }
    setIncomplete(false)
    onStart({ shop, pickingType: type as PickingType })
  }
  return (
    <Stack gap="md">
      <ScanStep
        label={t.listField}
        description={t.listHint}
        active={active}
        error={error ?? undefined}
        flow={flow}
      />
      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t.orNext}
        </Text>
        <Stack gap="xs">
          <NativeSelect
            label={t.shopField}
            size="md"
            value={shop}
            onChange={(e) => setShop(e.currentTarget.value)}
            data={[
              { value: '', label: t.chooseShop },
              ...shops.map((s) => ({ value: s.slug, label: s.name })),
            ]}
          />
          <NativeSelect
            label={t.typeField}
            size="md"
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            data={[
              { value: '', label: t.chooseType },
              ...TYPES.map((value) => ({ value, label: PICKING_TYPE_LABELS[value] })),
            ]}
            error={incomplete ? t.startIncomplete : undefined}
          />
          <Button h={48} onClick={start} loading={busy}>
            {t.start}
          </Button>
        </Stack>
      </Card>
    </Stack>
  )
}
