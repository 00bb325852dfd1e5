import { Button, Card, NativeSelect, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { PICKING_TYPE_LABELS, type PickingType } from '@contract'
import { ScanStep, type StepFlow } from '@/features/scanning'
import type { CreateBody } from '../api.ts'
import { text as t } from '../text.ts'

export interface ShopChoice {
  slug: string
  name: string
}

/** A select's options, the first one asking to choose (its value '' is no choice). */
const options = (prompt: string, choices: { value: string; label: string }[]) => [
  { value: '', label: prompt },
  ...choices,
]
const TYPES = Object.entries(PICKING_TYPE_LABELS).map(([value, label]) => ({ value, label }))

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
  const [type, setType] = useState<PickingType | ''>('')
  const [incomplete, setIncomplete] = useState(false)
  const start = () => {
    setIncomplete(!shop || !type)
    if (shop && type) onStart({ shop, pickingType: type })
  }
  // The message goes under the first field left to choose.
  const missing = !incomplete ? null : !shop ? 'shop' : !type ? 'type' : null
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
            data={options(
              t.chooseShop,
              shops.map((s) => ({ value: s.slug, label: s.name })),
            )}
            error={missing === 'shop' ? t.startIncomplete : undefined}
          />
          <NativeSelect
            label={t.typeField}
            size="md"
            value={type}
            onChange={(e) => setType(e.currentTarget.value as PickingType | '')}
            data={options(t.chooseType, TYPES)}
            error={missing === 'type' ? t.startIncomplete : undefined}
          />
          <Button h={48} onClick={start} loading={busy}>
            {t.start}
          </Button>
        </Stack>
      </Card>
    </Stack>
  )
}
