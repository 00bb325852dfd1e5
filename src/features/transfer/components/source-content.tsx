import '@mantine/core/styles/Anchor.css'
import { Anchor, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { QuantityLine } from '@/lib/ui/quantity-line'
import type { Source } from '../model.ts'
import { text as t } from '../text.ts'

/** The source's name as a link to its location information (what it holds, its movements). */
export function SourceLink({ name }: { name: string }) {
  return (
    <Anchor
      fw={600}
      renderRoot={(props) => <Link to="/warehouse/location-information" search={{ name }} {...props} />}
    >
      {t.sourceContent(name)}
    </Anchor>
  )
}

/** What the source holds (the limits of the transfer), or why it is not known. */
export function SourceContent({ source }: { source: Source }) {
  if (source.stock === null) {
    return (
      <Text size="sm" c="orange.9" mt={4}>
        {t.unverifiedSource}
      </Text>
    )
  }
  return (
    <Stack gap={4} mt="xs">
      {source.stock.map((s) => (
        <QuantityLine key={`${s.shop.slug}/${s.sku}`} title={s.name} detail={s.sku} quantity={s.quantity} />
      ))}
    </Stack>
  )
}
