import { Badge, Button, Card, Group, Loader, NavLink, Paper, Stack, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { productCodesOf, ScanField, type ScanHandler } from '@/features/scanning'
import {
  productInfoQuery,
  useProductSearch,
  type FoundProduct,
  type InfoProduct,
  type ProductInfo,
} from '../api.ts'
import { stockInfoText as text } from '../text.ts'
import { errorText, isBarcode, isNotFound, isOtherShop, productLookupError, rowLinkStyle } from './shared.ts'
import { QuantityLine } from '@/lib/ui/quantity-line'

const t = text.product

export interface ProductInformationProps {
  shopSlug: string
  /** The product shown (SKU or EAN), e.g. from the URL; loaded at mount. */
  code?: string
  /** Called with the code of each product loaded by a scan or a pick, e.g. to put it in the URL. */
  onCodeChange?: (code: string) => void
  /** Extra buttons of the product card (e.g. print its label). */
  actions?: (product: InfoProduct) => ReactNode
}

/**
 * /shop/{shopSlug}/product-information: scan an EAN or type a SKU or a name; see the product's
 * stock per location and its last movements. A name the shop does not know as a code is searched.
 */
export function ProductInformation({ shopSlug, code, onCodeChange, actions }: ProductInformationProps) {
  const queryClient = useQueryClient()
  const search = useProductSearch(shopSlug)
  const [selected, setSelected] = useState(code)
  const [prevCode, setPrevCode] = useState(code)
  const [scanError, setScanError] = useState<string>()
  const [found, setFound] = useState<{ query: string; products: FoundProduct[] } | null>(null)
  const info = useQuery({ ...productInfoQuery(shopSlug, selected ?? ''), enabled: Boolean(selected) })

  // The URL changed (back, a link): it says which product to show.
  if (code !== prevCode) {
    setPrevCode(code)
    setSelected(code)
    setScanError(undefined)
    setFound(null)
  }

  const select = (next: string) => {
    setSelected(next)
    setScanError(undefined)
    setFound(null)
    onCodeChange?.(next)
  }

  const onScan: ScanHandler = async (scan) => {
    setScanError(undefined)
    setFound(null)
    // The shared rule: a wrong check digit or two codes run together are refused here, not searched.
    const codes = productCodesOf(scan)
    if (!codes.ok) {
      setScanError(codes.message)
      return 'error'
    }
    const scanned = codes.code
    try {
      await queryClient.fetchQuery({ ...productInfoQuery(shopSlug, scanned), staleTime: 0 })
      select(scanned)
      return 'success'
    } catch (error) {
      if (!isNotFound(error) || isOtherShop(error) || isBarcode(scan)) {
        setScanError(productLookupError(error, scanned))
        return 'error'
      }
    }
    try {
      const products = await search.mutateAsync(scanned)
      if (products.length === 0) {
        setScanError(t.unknown(scanned))
        return 'error'
      }
      setFound({ query: scanned, products })
      return 'success'
    } catch (error) {
      setScanError(errorText(error))
      return 'error'
    }
  }

  const loadError = selected && info.error ? productLookupError(info.error, selected) : undefined
  const data = scanError || found ? undefined : info.data

  return (
    <Stack gap="md" maw={720}>
      <ScanField
        label={t.field}
        placeholder={t.placeholder}
        onScan={onScan}
        error={scanError ?? (found ? undefined : loadError)}
      />

      {found ? (
        <Card withBorder padding="xs">
          <Text fw={600} mb="xs">
            {t.results(found.products.length, found.query)}
          </Text>
          {found.products.map((p) => (
            <NavLink
              key={`${p.shop.slug}/${p.sku}`}
              component="button"
              label={p.name}
              description={`${p.sku} · ${p.ean13}`}
              onClick={() => select(p.sku)}
            />
          ))}
        </Card>
      ) : null}

      {!scanError && !found && selected && info.isPending ? <Loader size="sm" /> : null}

      {data ? (
        <ProductDetails
          info={data}
          actions={actions}
          refreshing={info.isFetching}
          onRefresh={() => void info.refetch()}
        />
      ) : null}
    </Stack>
  )
}

function ProductDetails({
  info,
  actions,
  refreshing,
  onRefresh,
}: {
  info: ProductInfo
  actions?: (product: InfoProduct) => ReactNode
  refreshing: boolean
  onRefresh: () => void
}) {
  const { product, stock, total, movements } = info
  return (
    <>
      <Card withBorder>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{product.name}</Text>
            <Text size="sm" c="dimmed">
              {t.sku(product.sku)}
            </Text>
            <Text size="sm" c="dimmed">
              {t.ean(product.ean13)}
            </Text>
          </div>
          <Stack gap={2} align="center">
            <Text size="xs" c="dimmed">
              {t.total}
            </Text>
            <Badge size="xl" variant="filled" aria-label={t.totalLabel(total)}>
              {total}
            </Badge>
          </Stack>
        </Group>
        <Group mt="sm" gap="xs">
          {actions?.(product)}
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            loading={refreshing}
            onClick={onRefresh}
          >
            {text.refresh}
          </Button>
        </Group>
      </Card>

      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t.stock}
        </Text>
        {stock.length === 0 ? <Text c="dimmed">{t.noStock}</Text> : null}
        <Stack gap={4}>
          {stock.map((s) => (
            <Link
              key={s.location}
              to="/warehouse/location-information"
              search={{ name: s.location }}
              style={rowLinkStyle}
            >
              <Paper withBorder px="sm" py={6}>
                <QuantityLine link title={s.location} quantity={s.quantity} />
              </Paper>
            </Link>
          ))}
        </Stack>
      </Card>

      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t.movements}
        </Text>
        {movements.length === 0 ? <Text c="dimmed">{t.noMovements}</Text> : null}
        <Stack gap={6}>
          {movements.map((m) => (
            <Paper key={m.id} withBorder px="sm" py={6} data-testid={`movement-${m.id}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Badge variant="light">{t.kind(m.kind)}</Badge>
                <Text fw={600}>{m.quantity}</Text>
              </Group>
              {m.from || m.to ? <Text size="sm">{t.route(m.from, m.to)}</Text> : null}
              <Text size="xs" c="dimmed">
                {[t.when(m.validatedAt, m.at), m.user].filter(Boolean).join(' · ')}
              </Text>
              {m.reason ? (
                <Text size="xs" c="dimmed" fs="italic">
                  {m.reason}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      </Card>
    </>
  )
}
