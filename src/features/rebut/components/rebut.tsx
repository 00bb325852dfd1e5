import '@mantine/core/styles/NumberInput.css'
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import type { LocationStock } from '@contract'
import { useStockWrite } from '@/features/outbox'
import { notALocation, ScanField, type ScanHandler, type ScanResult } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { showToast } from '@/lib/ui/toast'
import { useLocationContent, useRebutReasons } from '../api.ts'
import { text as t } from '../text.ts'
import { QuantityLine } from '@/lib/ui/quantity-line'

type StockLine = LocationStock['stock'][number]

interface Source {
  name: string
  /** This shop's products in the location; null when it could not be checked (offline). */
  stock: StockLine[] | null
}

interface Product {
  /** What is sent: the SKU when the location's content is known, the scanned code otherwise. */
  code: string
  name: string
  /** What the location holds of it; null when unverified. */
  max: number | null
}

interface Done {
  id: number
  product: string
  quantity: number
  location: string
  reason: string
  status: 'sent' | 'queued'
}

/** The contract's upper bound for one movement. */
const MAX_QUANTITY = 100000
const RECENT = 5

const errorText = (error: unknown) => (error instanceof Error ? error.message : messages.errors.unexpectedAnswer)

/** No answer, or a server failure: the location is taken as typed, the server checks at send. */
const isUnreachable = (error: unknown) => error instanceof ApiError && (error.isNetwork || error.status >= 500)

/** The codes a scan may match: as typed, upper-cased, and the EAN-13 inside a GTIN-14. */
function codesOf(scan: ScanResult): Set<string> {
  const codes = new Set([scan.text, scan.text.toUpperCase()])
  if (scan.gtin?.startsWith('0')) codes.add(scan.gtin.slice(1))
  return codes
}

let nextId = 0

/**
 * /shop/{shopSlug}/rebut: scan the source location, the damaged product, set the quantity, pick a
 * reason, validate. One stock write per scrap, through the outbox (sent now, or kept until the
 * network is back). The location and the reason stay for the next scrap.
 */
export function Rebut({ shopSlug }: { shopSlug: string }) {
  const reasons = useRebutReasons()
  const content = useLocationContent()
  const write = useStockWrite<'rebut'>()
  const [source, setSource] = useState<Source | null>(null)
  const [product, setProduct] = useState<Product | null>(null)
  const [quantity, setQuantityState] = useState(0)
  const [reason, setReason] = useState<number | null>(null)
  const [locationError, setLocationError] = useState<string>()
  const [productError, setProductError] = useState<string>()
  const [submitError, setSubmitError] = useState<string[]>()
  const [recent, setRecent] = useState<Done[]>([])

  const resetProduct = () => {
    setProduct(null)
    setQuantityState(0)
    setProductError(undefined)
    setSubmitError(undefined)
  }

  const changeLocation = () => {
    resetProduct()
    setSource(null)
    setLocationError(undefined)
  }

  const onLocation: ScanHandler = async (scan) => {
    changeLocation()
    const wrongCode = notALocation(scan)
    if (wrongCode) {
      setLocationError(wrongCode)
      return 'error'
    }
    try {
      const found = await content.mutateAsync(scan.text)
      setSource({ name: found.name, stock: found.stock.filter((s) => s.shop.slug === shopSlug) })
      return 'success'
    } catch (error) {
      if (isUnreachable(error)) {
        setSource({ name: scan.text, stock: null })
        return 'success'
      }
      setLocationError(error instanceof ApiError && error.status === 404 ? t.unknownLocation(scan.text) : errorText(error))
      return 'error'
    }
  }

  /** Sets the quantity, capped by what the location holds (when known). */
  const setQuantity = (wanted: number): boolean => {
    if (!product) return false
    setSubmitError(undefined)
    const max = product.max ?? MAX_QUANTITY
    if (wanted > max) {
      setProductError(t.cappedQuantity(product.name, max))
      setQuantityState(max)
      return false
    }
    setProductError(undefined)
    setQuantityState(Math.max(0, wanted))
    return true
  }

  const onProduct: ScanHandler = (scan) => {
    if (!source) return 'error'
    setProductError(undefined)
    setSubmitError(undefined)
    const codes = codesOf(scan)
    if (source.stock === null) {
      // Unverified: the server resolves the code (EAN or SKU) when the scrap is sent.
      const code = scan.gtin?.startsWith('0') ? scan.gtin.slice(1) : scan.text
      if (product && codes.has(product.code)) return setQuantity(quantity + 1) ? 'success' : 'error'
      setProduct({ code, name: code, max: null })
      setQuantityState(1)
      return 'success'
    }
    const found = source.stock.find((s) => codes.has(s.ean13) || codes.has(s.sku))
    if (!found) {
      setProductError(t.notInLocation(scan.text, source.name))
      return 'error'
    }
    if (product?.code === found.sku) return setQuantity(quantity + 1) ? 'success' : 'error'
    setProduct({ code: found.sku, name: found.name, max: found.quantity })
    setQuantityState(1)
    return 'success'
  }

  const reasonLabel = reasons.data?.find((r) => r.id === reason)?.label

  const submit = async () => {
    if (!source || !product || quantity < 1 || reason === null || !reasonLabel) return
    setSubmitError(undefined)
    const body = { code: product.code, quantity, location: source.name, reason }
    try {
      const result = await write.submit({
        write: { kind: 'rebut', shopSlug, body },
        label: t.label(quantity, product.code, source.name, reasonLabel),
      })
      // Another tap or Enter while this write was on its way: it is the same write.
      if (result === null) return
      const done: Done = {
        id: ++nextId,
        product: product.name === product.code ? product.code : `${product.name} (${product.code})`,
        quantity,
        location: source.name,
        reason: reasonLabel,
        status: result.status,
      }
      setRecent((current) => [done, ...current].slice(0, RECENT))
      // What is left in the location, for the next cap.
      setSource((current) =>
        current?.stock
          ? {
              ...current,
              stock: current.stock
                .map((s) => (s.sku === body.code ? { ...s, quantity: s.quantity - body.quantity } : s))
                .filter((s) => s.quantity > 0),
            }
          : current,
      )
      resetProduct()
      showToast(
        result.status === 'sent'
          ? { color: 'green', message: t.done(done.quantity, done.location) }
          : { color: 'orange', message: t.queued(done.quantity, done.location) },
      )
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : []
      setSubmitError([errorText(error), ...fields])
    }
  }

  const ready = source !== null && product !== null && quantity >= 1 && reason !== null && reasonLabel !== undefined

  return (
    <Stack gap="md" maw={720}>
      {source ? (
        <Card withBorder>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={600}>{source.stock ? t.locationContent(source.name) : t.location(source.name)}</Text>
            <Button variant="default" onClick={changeLocation}>
              {t.changeLocation}
            </Button>
          </Group>
          {source.stock === null ? (
            <Text size="sm" c="dimmed">
              {t.unverified}
            </Text>
          ) : source.stock.length === 0 ? (
            <Text c="dimmed">{t.emptyLocation}</Text>
          ) : (
            <Stack gap={4}>
              {source.stock.map((s) => (
                <QuantityLine key={s.sku} title={s.name} detail={s.sku} quantity={s.quantity} />
              ))}
            </Stack>
          )}
        </Card>
      ) : (
        <ScanField label={t.locationField} placeholder={t.locationPlaceholder} onScan={onLocation} error={locationError} />
      )}

      {source && (source.stock === null || source.stock.length > 0) ? (
        <>
          <ScanField
            label={t.productField}
            placeholder={t.productPlaceholder}
            onScan={onProduct}
            error={productError}
            // A scan while the scrap is on its way would be wiped by the reset that follows it.
            disabled={write.isPending}
          />
          {product ? (
            <Card withBorder padding="xs">
              <Text size="sm" fw={600}>
                {product.name}
              </Text>
              {product.name !== product.code ? (
                <Text size="xs" c="dimmed">
                  {product.code}
                </Text>
              ) : null}
              <Group gap={6} wrap="nowrap" align="flex-end" mt="xs">
                <ActionIcon
                  size={42}
                  variant="default"
                  aria-label={t.decrease}
                  disabled={quantity <= 1}
                  onClick={() => setQuantity(quantity - 1)}
                >
                  <IconMinus size={18} />
                </ActionIcon>
                <NumberInput
                  label={t.quantity}
                  value={quantity === 0 ? '' : quantity}
                  onChange={(value) => setQuantity(typeof value === 'number' ? value : Number(value) || 0)}
                  min={1}
                  max={product.max ?? MAX_QUANTITY}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  size="md"
                  w={110}
                  styles={{ input: { textAlign: 'center' } }}
                />
                <ActionIcon size={42} variant="default" aria-label={t.increase} onClick={() => setQuantity(quantity + 1)}>
                  <IconPlus size={18} />
                </ActionIcon>
              </Group>
            </Card>
          ) : (
            <Text c="dimmed">{t.pickProduct}</Text>
          )}

          <div role="group" aria-label={t.reasons}>
            <Text fw={600} size="sm" mb={6}>
              {t.reasons}
            </Text>
            {reasons.isPending ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t.reasonsLoading}</Text>
              </Group>
            ) : reasons.isError ? (
              <Alert color="red" title={t.reasonsError}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorText(reasons.error)}</Text>
                  <Button variant="default" loading={reasons.isFetching} onClick={() => void reasons.refetch()}>
                    {messages.errors.retry}
                  </Button>
                </Stack>
              </Alert>
            ) : reasons.data.length === 0 ? (
              <Text c="dimmed">{t.noReasons}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {reasons.data.map((r) => (
                  <Button
                    key={r.id}
                    size="md"
                    variant={reason === r.id ? 'filled' : 'default'}
                    aria-pressed={reason === r.id}
                    onClick={() => {
                      setReason(r.id)
                      setSubmitError(undefined)
                    }}
                  >
                    {r.label}
                  </Button>
                ))}
              </SimpleGrid>
            )}
          </div>

          {submitError ? (
            <Alert color="red" role="alert">
              {submitError.map((line, i) => (
                <Text key={i} size="sm">
                  {line}
                </Text>
              ))}
            </Alert>
          ) : null}
          <Button size="md" disabled={!ready} loading={write.isPending} onClick={() => void submit()}>
            {t.validate}
          </Button>
        </>
      ) : null}

      {recent.length > 0 ? (
        <Card withBorder>
          <Text fw={600} mb="xs">
            {t.recent}
          </Text>
          <Stack gap={6}>
            {recent.map((d) => (
              <Group key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{t.recentLine(d.quantity, d.product, d.location, d.reason)}</Text>
                <Badge variant="light" color={d.status === 'sent' ? 'green' : 'orange'}>
                  {d.status === 'sent' ? t.sent : t.pending}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  )
}
