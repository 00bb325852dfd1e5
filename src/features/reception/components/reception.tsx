import '@mantine/core/styles/NumberInput.css'
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core'
import { IconMapPin, IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { notALocation, ScanField, type ScanHandler, type ScanResult } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { showToast } from '@/lib/ui/toast'
import { useProductLookup, useReceptionWrite } from '../api.ts'
import { text as t } from '../text.ts'

/** The contract's ceiling for one line. */
const MAX_QUANTITY = 100000

interface Product {
  /** What is sent: the SKU of a checked product, else the code as scanned (the server checks it). */
  code: string
  sku?: string
  ean13?: string
  name: string
  /** False when the lookup could not reach the server: the write will check it. */
  verified: boolean
}
interface Line extends Product {
  id: number
  location: string
  quantity: number
}
interface LastReception {
  lines: number
  articles: number
  queued: boolean
}
type Editing = { id: number; what: 'quantity' | 'location' } | null

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : messages.errors.unexpectedAnswer

/** No answer, or a server failure: the product cannot be checked now, which is no reason to refuse it. */
const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.isNetwork || error.status >= 500)

/**
 * The code to look up, and every form of it a line may be known by. A GTIN with a leading zero is
 * the 13-digit EAN (a UPC-A, a GTIN-14 or a GS1 string of an EAN-13 product).
 */
function scanCodes(scan: ScanResult) {
  const typed = scan.text.trim()
  const code =
    scan.gtin && scan.kind !== 'ean8' ? (scan.gtin.startsWith('0') ? scan.gtin.slice(1) : scan.gtin) : typed
  return { code, codes: new Set([typed.toUpperCase(), code.toUpperCase()]) }
}

const keysOf = (p: Product) =>
  [p.code, p.sku, p.ean13].filter((k) => k !== undefined).map((k) => k.toUpperCase())
const sameProduct = (a: Product, b: Product) => {
  const keys = new Set(keysOf(a))
  return keysOf(b).some((k) => keys.has(k))
}
const productOf = ({ code, sku, ean13, name, verified }: Product): Product => ({
  code,
  sku,
  ean13,
  name,
  verified,
})
const countArticles = (lines: Line[]) => lines.reduce((n, l) => n + l.quantity, 0)

/** The server's field errors, with the line they belong to named ('lines.2.code' → its product). */
function describeFieldErrors(fieldErrors: Record<string, string[]>, sent: Line[]): string[] {
  return Object.entries(fieldErrors).map(([field, list]) => {
    const index = /^lines\.(\d+)\b/.exec(field)?.[1]
    const line = index === undefined ? undefined : sent[Number(index)]
    return line ? `${line.name} (${line.location}) : ${list.join(' ')}` : list.join(' ')
  })
}

/**
 * /shop/{shopSlug}/reception: scan the destination location (remembered until changed), then the
 * products received; correct the list, then validate it in one write through the outbox.
 */
export function Reception({ shopSlug }: { shopSlug: string }) {
  const lookup = useProductLookup(shopSlug)
  const write = useReceptionWrite()
  const [destination, setDestination] = useState<string | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [editing, setEditing] = useState<Editing>(null)
  const [destinationError, setDestinationError] = useState<string>()
  const [productError, setProductError] = useState<string>()
  const [submitError, setSubmitError] = useState<string[]>([])
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [last, setLast] = useState<LastReception | null>(null)
  const nextId = useRef(0)
  const destinationBox = useRef<HTMLDivElement>(null)
  const productBox = useRef<HTMLDivElement>(null)

  /** Hand the focus back to the scan field that waits, so the next scan (and its Enter) lands there. */
  const focusScan = () => {
    const box = destinationBox.current ?? productBox.current
    box?.querySelector('input')?.focus()
  }
  // The destination field first; once it is set, the product field.
  useEffect(() => {
    ;(destinationBox.current ?? productBox.current)?.querySelector('input')?.focus()
  }, [destination])

  /** Any change to what will be sent: the last refusal and a pending cancel no longer apply. */
  const changed = () => {
    setSubmitError([])
    setConfirmCancel(false)
  }

  const clear = () => {
    changed()
    setLines([])
    setEditing(null)
    setProductError(undefined)
  }

  const addLine = (product: Product, location: string) => {
    changed()
    const id = ++nextId.current
    setLines((current) => {
      const same = current.find((l) => l.location === location && sameProduct(l, product))
      return same
        ? current.map((l) => (l === same ? { ...l, quantity: Math.min(l.quantity + 1, MAX_QUANTITY) } : l))
        : [{ ...product, id, location, quantity: 1 }, ...current]
    })
  }

  const onDestination: ScanHandler = (scan) => {
    const name = scan.text.trim()
    const wrongCode = notALocation(scan)
    if (wrongCode) {
      setDestinationError(wrongCode)
      return 'error'
    }
    setDestinationError(undefined)
    setProductError(undefined)
    setDestination(name)
    return 'success'
  }

  const changeDestination = () => {
    setDestination(null)
    setProductError(undefined)
  }

  const onProduct: ScanHandler = async (scan) => {
    setProductError(undefined)
    if (destination === null) {
      setProductError(t.destinationFirst)
      return 'error'
    }
    const location = destination
    const accepted = scan.severity === 'warning' ? 'warning' : 'success'
    const { code, codes } = scanCodes(scan)
    // Already in the list (at any location): no need to ask the server again.
    const known = lines.find((l) => keysOf(l).some((k) => codes.has(k)))
    if (known) {
      addLine(productOf(known), location)
      return accepted
    }
    try {
      const { product } = await lookup.mutateAsync(code)
      addLine(
        { code: product.sku, sku: product.sku, ean13: product.ean13, name: product.name, verified: true },
        location,
      )
      return accepted
    } catch (error) {
      if (isUnreachable(error)) {
        // Offline first: keep the line; the server checks the code when the write is sent.
        addLine({ code, name: code, verified: false }, location)
        return 'warning'
      }
      setProductError(errorText(error))
      return 'error'
    }
  }

  const setQuantity = (id: number, quantity: number) => {
    changed()
    const next = Math.min(Math.max(Math.trunc(quantity), 1), MAX_QUANTITY)
    setLines((current) => current.map((l) => (l.id === id ? { ...l, quantity: next } : l)))
    // A button tapped keeps the focus: the next scan's Enter would press it again.
    window.setTimeout(focusScan, 0)
  }

  const remove = (id: number) => {
    changed()
    setLines((current) => current.filter((l) => l.id !== id))
    window.setTimeout(focusScan, 0)
  }

  const moveLine = (id: number, location: string) => {
    changed()
    setLines((current) => {
      const line = current.find((l) => l.id === id)
      if (!line || line.location === location) return current
      // The same product is already listed there: one line with both quantities.
      const twin = current.find((l) => l.id !== id && l.location === location && sameProduct(l, line))
      return twin
        ? current
            .filter((l) => l.id !== id)
            .map((l) =>
              l === twin ? { ...l, quantity: Math.min(l.quantity + line.quantity, MAX_QUANTITY) } : l,
            )
        : current.map((l) => (l.id === id ? { ...l, location } : l))
    })
  }

  const stopEditing = () => {
    setEditing(null)
    window.setTimeout(focusScan, 0)
  }

  const cancel = () => {
    if (lines.length > 0 && !confirmCancel) {
      setConfirmCancel(true)
      return
    }
    clear()
    focusScan()
  }

  const articles = countArticles(lines)
  const ready = lines.length > 0 && lines.every((l) => l.location !== '') && !write.isPending

  const submit = async () => {
    if (!ready) return
    setSubmitError([])
    setConfirmCancel(false)
    // In scan order, oldest first; the refusal's 'lines.N' refers to this order.
    const sent = [...lines].reverse()
    const count = countArticles(sent)
    try {
      const result = await write.submit({
        write: {
          kind: 'reception',
          shopSlug,
          body: { lines: sent.map((l) => ({ code: l.code, quantity: l.quantity, location: l.location })) },
        },
        label: t.label(sent.length, count),
      })
      // Another tap or Enter while this write was on its way: it is the same write.
      if (result === null) return
      const queued = result.status === 'queued'
      clear()
      setLast({ lines: sent.length, articles: count, queued })
      showToast(queued ? { color: 'orange', message: t.queued } : { color: 'green', message: t.done(count) })
      focusScan()
    } catch (error) {
      const fields = error instanceof ApiError ? describeFieldErrors(error.fieldErrors, sent) : []
      setSubmitError([errorText(error), ...fields])
    }
  }

  return (
    <Stack gap="md" maw={720}>
      {destination === null ? (
        <div ref={destinationBox}>
          <ScanField
            label={t.destinationField}
            placeholder={t.destinationPlaceholder}
            onScan={onDestination}
            error={destinationError}
          />
        </div>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t.destination(destination)}</Text>
          <Button variant="default" onClick={changeDestination}>
            {t.changeDestination}
          </Button>
        </Group>
      )}

      <div ref={productBox}>
        <ScanField
          label={t.productField}
          placeholder={t.productPlaceholder}
          onScan={onProduct}
          error={productError}
          disabled={write.isPending}
          // The destination comes first: the effect above moves the focus here once it is set.
          takeFocus={false}
        />
      </div>

      {lines.length === 0 ? <Text c="dimmed">{destination ? t.emptyWithDestination : t.empty}</Text> : null}
      {lines.length > 0 ? (
        <Stack gap="xs">
          {lines.map((line) => (
            <LineCard
              key={line.id}
              line={line}
              editing={editing?.id === line.id ? editing.what : null}
              disabled={write.isPending}
              onEdit={(what) => setEditing({ id: line.id, what })}
              onQuantity={(quantity) => setQuantity(line.id, quantity)}
              onMove={(location) => moveLine(line.id, location)}
              onRemove={() => remove(line.id)}
              onDone={stopEditing}
            />
          ))}
        </Stack>
      ) : null}

      {lines.length > 0 ? <Text fw={600}>{t.totals(lines.length, articles)}</Text> : null}
      {submitError.length > 0 ? (
        <Alert color="red" role="alert">
          <Stack gap={4}>
            {submitError.map((message, i) => (
              <Text key={i} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group>
        <Button size="md" disabled={!ready} loading={write.isPending} onClick={() => void submit()}>
          {t.validate}
        </Button>
        <Button
          size="md"
          variant={confirmCancel ? 'filled' : 'default'}
          color={confirmCancel ? 'red' : undefined}
          disabled={lines.length === 0 || write.isPending}
          onClick={cancel}
        >
          {confirmCancel ? t.confirmCancel : t.cancel}
        </Button>
      </Group>
      {confirmCancel ? (
        <Text size="sm" c="dimmed">
          {t.confirmCancelHint(lines.length)}
        </Text>
      ) : null}

      {last ? (
        <Card withBorder>
          <Text fw={600}>{t.lastReception}</Text>
          <Text size="sm">{t.totals(last.lines, last.articles)}</Text>
          <Text size="sm" c={last.queued ? 'orange' : 'dimmed'}>
            {last.queued ? t.lastQueued : t.lastSent}
          </Text>
        </Card>
      ) : null}
    </Stack>
  )
}

interface LineCardProps {
  line: Line
  editing: 'quantity' | 'location' | null
  disabled: boolean
  onEdit: (what: 'quantity' | 'location') => void
  onQuantity: (quantity: number) => void
  onMove: (location: string) => void
  onRemove: () => void
  onDone: () => void
}

/** One received line: product, location, quantity, and its corrections (big targets for a handheld). */
function LineCard({ line, editing, disabled, onEdit, onQuantity, onMove, onRemove, onDone }: LineCardProps) {
  const [quantity, setQuantity] = useState<number | string>(line.quantity)
  const [location, setLocation] = useState('')
  const quantityInput = useRef<HTMLInputElement>(null)
  const locationInput = useRef<HTMLInputElement>(null)
  // The editor just opened takes the focus (the tap that opened it asks for it).
  useEffect(() => {
    if (editing === 'quantity') {
      quantityInput.current?.focus()
      quantityInput.current?.select()
    }
    if (editing === 'location') locationInput.current?.focus()
  }, [editing])

  const commitQuantity = () => {
    if (typeof quantity === 'number' && quantity >= 1) onQuantity(quantity)
    onDone()
  }
  const commitLocation = () => {
    const name = location.trim()
    if (name) onMove(name)
    setLocation('')
    onDone()
  }

  return (
    <Card withBorder padding="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" fw={500}>
            {line.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.sku ?? line.code}
          </Text>
          {line.verified ? null : (
            <Text size="xs" c="dimmed" fs="italic">
              {t.unverified}
            </Text>
          )}
        </div>
        <ActionIcon
          size={42}
          variant="subtle"
          color="red"
          aria-label={t.remove(line.name)}
          disabled={disabled}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" wrap="nowrap" mt={6} gap="xs">
        {editing === 'location' ? (
          <TextInput
            aria-label={t.newLocationOf(line.name)}
            placeholder={line.location}
            description={t.newLocationHint}
            value={location}
            onChange={(event) => setLocation(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commitLocation()
              } else if (event.key === 'Escape') {
                setLocation('')
                onDone()
              }
            }}
            onBlur={() => {
              setLocation('')
              onDone()
            }}
            ref={locationInput}
            autoComplete="off"
            flex={1}
          />
        ) : (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconMapPin size={16} />}
            aria-label={t.changeLocation(line.name)}
            disabled={disabled}
            onClick={() => onEdit('location')}
          >
            {line.location}
          </Button>
        )}
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            size={42}
            variant="default"
            aria-label={t.decrease(line.name)}
            disabled={disabled || line.quantity <= 1}
            onClick={() => onQuantity(line.quantity - 1)}
          >
            <IconMinus size={18} />
          </ActionIcon>
          {editing === 'quantity' ? (
            <NumberInput
              aria-label={t.quantityOf(line.name)}
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  commitQuantity()
                } else if (event.key === 'Escape') onDone()
              }}
              onBlur={commitQuantity}
              ref={quantityInput}
              w={72}
            />
          ) : (
            <Button
              variant="default"
              miw={48}
              h={42}
              px={8}
              aria-label={t.editQuantity(line.name)}
              disabled={disabled}
              onClick={() => {
                setQuantity(line.quantity)
                onEdit('quantity')
              }}
            >
              {line.quantity}
            </Button>
          )}
          <ActionIcon
            size={42}
            variant="default"
            aria-label={t.increase(line.name)}
            disabled={disabled || line.quantity >= MAX_QUANTITY}
            onClick={() => onQuantity(line.quantity + 1)}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  )
}
