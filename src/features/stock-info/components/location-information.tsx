import { Badge, Card, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { LocationStock } from '@contract'
import { ScanField, type ScanHandler } from '@/features/scanning'
import { locationInfoQuery } from '../api.ts'
import { stockInfoText as text } from '../text.ts'
import { errorText, isNotFound, rowLinkStyle } from './shared.ts'
import { QuantityLine } from '@/lib/ui/quantity-line'

const t = text.location

export interface LocationInformationProps {
  /** The location shown, from the URL; loaded at mount. */
  name?: string
  /** A scanned location was found: show it (the route puts it in the URL). */
  onNameChange: (name: string) => void
}

/** /warehouse/location-information: scan a location, see what it holds. */
export function LocationInformation({ name, onNameChange }: LocationInformationProps) {
  const queryClient = useQueryClient()
  const [scanError, setScanError] = useState<string>()
  const [prevName, setPrevName] = useState(name)
  const info = useQuery({ ...locationInfoQuery(name ?? ''), enabled: Boolean(name) })

  // Another location in the URL (back, a link): what was said of the last scan no longer applies.
  if (name !== prevName) {
    setPrevName(name)
    setScanError(undefined)
  }

  const onScan: ScanHandler = async (scan) => {
    setScanError(undefined)
    try {
      await queryClient.fetchQuery({ ...locationInfoQuery(scan.text), staleTime: 0 })
      onNameChange(scan.text)
      return 'success'
    } catch (error) {
      setScanError(isNotFound(error) ? t.unknown(scan.text) : errorText(error))
      return 'error'
    }
  }

  const loadError =
    name && info.error ? (isNotFound(info.error) ? t.unknown(name) : errorText(info.error)) : undefined

  return (
    <Stack gap="md" maw={720}>
      <ScanField label={t.field} placeholder={t.placeholder} onScan={onScan} error={scanError ?? loadError} />
      {!scanError && name && info.isPending ? <Loader size="sm" /> : null}
      {!scanError && info.data ? <LocationContent location={info.data} /> : null}
    </Stack>
  )
}

function LocationContent({ location }: { location: LocationStock }) {
  const units = location.stock.reduce((n, s) => n + s.quantity, 0)
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>{t.title(location.name)}</Text>
        <Badge size="xl" variant="filled" data-testid="location-total">
          {t.total(units)}
        </Badge>
      </Group>
      {location.stock.length === 0 ? <Text c="dimmed">{t.empty}</Text> : null}
      <Stack gap={4}>
        {location.stock.map((s) => (
          <Link
            key={`${s.shop.slug}/${s.sku}`}
            to="/shop/$shopSlug/product-information"
            params={{ shopSlug: s.shop.slug }}
            search={{ code: s.sku }}
            style={rowLinkStyle}
          >
            <Paper withBorder px="sm" py={6}>
              <QuantityLine link title={s.name} detail={`${s.sku} · ${s.shop.name}`} quantity={s.quantity} />
            </Paper>
          </Link>
        ))}
      </Stack>
    </Card>
  )
}
