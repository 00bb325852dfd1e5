import '@mantine/core/styles/Anchor.css'
import { ActionIcon, Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { LocationStock } from '@contract'
import { notALocation, ScanField, type ScanHandler } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { showToast } from '@/lib/ui/toast'
import { useLocationContent, useWarehouseTransfer } from '../api.ts'
import { transferText } from '../text.ts'
import { QuantityLine } from '@/lib/ui/quantity-line'

const t = transferText

type StockLine = LocationStock['stock'][number]
interface Line {
  sku: string
  name: string
  quantity: number
  /** What the source holds; Infinity when its content could not be read (offline). */
  max: number
  unverified?: boolean
}
interface LastTransfer {
  from: string
  to: string
  /** Units moved; null when the whole content of an unread (offline) source was moved. */
  count: number | null
  queued: boolean
}

const doneText = (l: LastTransfer) => (l.count === null ? t.doneAll(l.from, l.to) : t.done(l.count, l.from, l.to))
/** The source location: its content, or only its name when the server could not be reached. */
type Source = LocationStock & { unverified?: boolean }

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : messages.errors.unexpectedAnswer

/** No answer, or a server failure: the location may well exist; the server checks at send. */
const isUnreachable = (error: unknown) => error instanceof ApiError && (error.isNetwork || error.status >= 500)

/**
 * /warehouse/transfer: scan the source location, the products to move (or take everything), the
 * destination, then validate. The write goes through the outbox: without network it is kept on
 * the device (the source's content then cannot be shown, and the server checks the quantities).
 */
export function Transfer() {
  const content = useLocationContent()
  const transfer = useWarehouseTransfer()
  const [source, setSource] = useState<Source | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [all, setAll] = useState(false)
  const [destination, setDestination] = useState<string | null>(null)
  const [sourceError, setSourceError] = useState<string>()
  const [productError, setProductError] = useState<string>()
  const [destinationError, setDestinationError] = useState<string>()
  const [submitError, setSubmitError] = useState<string>()
  const [last, setLast] = useState<LastTransfer | null>(null)

  const changed = () => setSubmitError(undefined)

  const reset = () => {
    changed()
    setSource(null)
    setLines([])
    setAll(false)
    setDestination(null)
    setSourceError(undefined)
    setProductError(undefined)
    setDestinationError(undefined)
  }

  const onSource: ScanHandler = async (scan) => {
    reset()
    const wrongCode = notALocation(scan)
    if (wrongCode) {
      setSourceError(wrongCode)
      return 'error'
    }
    try {
      setSource(await content.mutateAsync(scan.text))
      return 'success'
    } catch (error) {
      if (isUnreachable(error)) {
        setSource({ name: scan.text.trim(), stock: [], unverified: true })
        return 'warning'
      }
      setSourceError(error instanceof ApiError && error.status === 404 ? t.unknownLocation(scan.text) : errorText(error))
      return 'error'
    }
  }

  const setQuantity = (sku: string, quantity: number) => {
    const line = lines.find((l) => l.sku === sku)
    if (!line) return
    changed()
    setProductError(quantity > line.max ? t.cappedQuantity(line.name, line.max) : undefined)
    const next = Math.min(quantity, line.max)
    setLines((current) =>
      next <= 0 ? current.filter((l) => l.sku !== sku) : current.map((l) => (l.sku === sku ? { ...l, quantity: next } : l)),
    )
  }

  const onProduct: ScanHandler = (scan) => {
    if (!source) return 'error'
    setProductError(undefined)
    const codes = new Set([scan.text, scan.text.toUpperCase()])
    if (scan.gtin?.startsWith('0')) codes.add(scan.gtin.slice(1))
    const found: StockLine | undefined = source.unverified
      ? { sku: scan.text.trim(), ean13: '', name: scan.text.trim(), shop: { slug: '', name: '' }, quantity: Infinity }
      : source.stock.find((s) => codes.has(s.ean13) || codes.has(s.sku))
    if (!found) {
      setProductError(t.notInSource(scan.text, source.name))
      return 'error'
    }
    changed()
    setAll(false)
    const line = lines.find((l) => l.sku === found.sku)
    if (line && line.quantity >= line.max) {
      setProductError(t.cappedQuantity(line.name, line.max))
      return 'error'
    }
    setLines((current) =>
      line
        ? current.map((l) => (l.sku === found.sku ? { ...l, quantity: l.quantity + 1 } : l))
        : [...current, { sku: found.sku, name: found.name, quantity: 1, max: found.quantity, unverified: source.unverified }],
    )
    return 'success'
  }

  const onDestination: ScanHandler = (scan) => {
    if (!source) return 'error'
    changed()
    const wrongCode = notALocation(scan)
    if (wrongCode) {
      setDestination(null)
      setDestinationError(wrongCode)
      return 'error'
    }
    if (scan.text.toUpperCase() === source.name.toUpperCase()) {
      setDestination(null)
      setDestinationError(t.sameLocation)
      return 'error'
    }
    setDestinationError(undefined)
    setDestination(scan.text)
    return 'success'
  }

  const takeAll = () => {
    changed()
    setProductError(undefined)
    setLines([])
    setAll(true)
  }

  const submit = async () => {
    if (!source || !destination || (!all && lines.length === 0)) return
    setSubmitError(undefined)
    const count =
      all && source.unverified
        ? null
        : all
          ? source.stock.reduce((n, s) => n + s.quantity, 0)
          : lines.reduce((n, l) => n + l.quantity, 0)
    try {
      const result = await transfer.submit({
        write: {
          kind: 'transfer',
          body: {
            from: source.name,
            to: destination,
            ...(all ? { all: true } : { lines: lines.map((l) => ({ code: l.sku, quantity: l.quantity })) }),
          },
        },
        label: t.label(count ?? 0, source.name, destination, all),
      })
      // Another tap or Enter while this write was on its way: it is the same write.
      if (result === null) return
      const done: LastTransfer = { from: source.name, to: destination, count, queued: result.status === 'queued' }
      reset()
      setLast(done)
      showToast(
        done.queued
          ? { color: 'orange', message: `${t.queuedPrefix} ${doneText(done)}` }
          : { color: 'green', message: doneText(done) },
      )
    } catch (error) {
      // A refusal: the user corrects what is on screen and validates again (a new write).
      setSubmitError(errorText(error))
    }
  }

  const ready = source !== null && destination !== null && (all || lines.length > 0)

  return (
    <Stack gap="md" maw={720}>
      {source ? (
        <Card withBorder>
          <Group justify="space-between" mb="xs">
            <Anchor
              fw={600}
              renderRoot={(props) => (
                <Link to="/warehouse/location-information" search={{ name: source.name }} {...props} />
              )}
            >
              {t.sourceContent(source.name)}
            </Anchor>
            {source.stock.length === 0 && !source.unverified ? (
              <Button variant="default" onClick={reset}>
                {t.cancel}
              </Button>
            ) : null}
          </Group>
          {source.unverified ? (
            <Text c="orange" size="sm">
              {t.unverifiedSource}
            </Text>
          ) : source.stock.length === 0 ? (
            <Text c="dimmed">{t.emptySource}</Text>
          ) : null}
          <Stack gap={4}>
            {source.stock.map((s) => (
              <QuantityLine key={s.sku} title={s.name} detail={s.sku} quantity={s.quantity} />
            ))}
          </Stack>
        </Card>
      ) : (
        <ScanField label={t.sourceField} placeholder={t.sourcePlaceholder} onScan={onSource} error={sourceError} />
      )}

      {source && (source.stock.length > 0 || source.unverified) ? (
        <>
          <ScanField
            label={t.productField}
            placeholder={t.productPlaceholder}
            onScan={onProduct}
            error={productError}
            // A scan while the transfer is on its way would be wiped by the reset that follows it.
            disabled={transfer.isPending}
          />
          <Group>
            <Button variant={all ? 'filled' : 'light'} onClick={takeAll}>
              {t.allContent}
            </Button>
          </Group>
          {all ? <Text>{t.allSelected}</Text> : null}
          {!all && lines.length === 0 ? <Text c="dimmed">{t.pickProducts}</Text> : null}
          {lines.length > 0 ? (
            <Stack gap="xs">
              {lines.map((line) => (
                <Card key={line.sku} withBorder padding="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text size="sm">{line.name}</Text>
                      <Text size="xs" c="dimmed">
                        {line.unverified ? t.unverifiedProduct : line.sku}
                      </Text>
                    </div>
                    <Group gap={6} wrap="nowrap">
                      <ActionIcon
                        size={42}
                        variant="default"
                        aria-label={t.decrease(line.name)}
                        onClick={() => setQuantity(line.sku, line.quantity - 1)}
                      >
                        {line.quantity > 1 ? <IconMinus size={18} /> : <IconTrash size={18} />}
                      </ActionIcon>
                      <Text fw={600} miw={32} ta="center" data-testid={`qty-${line.sku}`}>
                        {line.quantity}
                      </Text>
                      <ActionIcon
                        size={42}
                        variant="default"
                        aria-label={t.increase(line.name)}
                        onClick={() => setQuantity(line.sku, line.quantity + 1)}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Card>
              ))}
            </Stack>
          ) : null}
          <ScanField
            label={t.destinationField}
            placeholder={t.destinationPlaceholder}
            onScan={onDestination}
            error={destinationError}
          />
          {destination ? <Text fw={600}>{t.destination(destination)}</Text> : null}
          {submitError ? (
            <Alert color="red" role="alert">
              {submitError}
            </Alert>
          ) : null}
          <Group>
            <Button size="md" disabled={!ready} loading={transfer.isPending} onClick={() => void submit()}>
              {t.validate}
            </Button>
            <Button size="md" variant="default" onClick={reset}>
              {t.cancel}
            </Button>
          </Group>
        </>
      ) : null}

      {last ? (
        <Card withBorder>
          <Text fw={600}>{t.lastTransfer}</Text>
          <Text size="sm">{doneText(last)}</Text>
          {last.queued ? (
            <Text size="sm" c="orange">
              {t.waitingToBeSent}
            </Text>
          ) : null}
        </Card>
      ) : null}
    </Stack>
  )
}
