import { Stack, Text } from '@mantine/core'
import { QuantityLine } from '@/lib/ui/quantity-line'
import type { Source } from '../model.ts'
import { text as t } from '../text.ts'

/** What the source location holds of this shop (the limits of a scrap), or why it is not known. */
export function LocationContent({ source }: { source: Source }) {
  if (source.stock === null) {
    return (
      <Text size="sm" c="dimmed" mt={4}>
        {t.unverified}
      </Text>
    )
  }
  if (source.stock.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt={4}>
        {t.emptyLocation}
      </Text>
    )
  }
  return (
    <Stack gap={4} mt="xs">
      {source.stock.map((s) => (
        <QuantityLine key={s.sku} title={s.name} detail={s.sku} quantity={s.quantity} />
      ))}
    </Stack>
  )
}
