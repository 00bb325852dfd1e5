import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { flowText, QuantityStepper, UNVERIFIED } from '@/features/scanning'
import { expectedFor, MAX_QUANTITY, missing, type Count, type InventoryState } from '../model.ts'
import { text as t } from '../text.ts'

interface CountListProps {
  state: InventoryState
  disabled?: boolean
  onZero: (sku: string) => void
  onQuantity: (id: string, quantity: number) => void
  onRemove: (id: string) => void
  onTapped: () => void
}

/** What a counted line says under its name: what the system holds and the gap, or why it is not listed. */
function noteOf(state: InventoryState, count: Count): string {
  if (state.expected === null) return `Produit ${UNVERIFIED}`
  const expected = expectedFor(state, count)
  if (expected === null) return t.surplus
  const gap = count.quantity - expected
  return gap === 0 ? t.expected(expected) : `${t.expected(expected)} · ${t.gap(gap)}`
}

/**
 * The location's products still to count (each with 'Compter 0'), then the counts, each with its
 * stepper (0 allowed: a product found absent), its removal and the server's refusal of it.
 */
export function CountList({ state, disabled, onZero, onQuantity, onRemove, onTapped }: CountListProps) {
  const toCount = missing(state)
  return (
    <Stack gap="xs">
      {toCount.length > 0 ? (
        <Card withBorder padding="xs" data-testid="to-count">
          <Text fw={600}>{t.toCount(toCount.length)}</Text>
          <Text size="sm" c="dimmed" mb={4}>
            {t.toCountHint}
          </Text>
          {toCount.map((e) => (
            <Group key={e.sku} justify="space-between" wrap="nowrap" gap="xs" py={2}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {e.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {`${e.sku} · ${t.expected(e.quantity)}`}
                </Text>
              </div>
              <Button variant="default" h={48} disabled={disabled} aria-label={t.countZeroOf(e.name)} onClick={() => {
                onZero(e.sku)
                onTapped()
              }}>
                {t.countZero}
              </Button>
            </Group>
          ))}
        </Card>
      ) : null}
      {state.counts.map((count) => (
        <Card key={count.id} withBorder padding="xs" data-testid="flow-line" style={count.error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {count.name}
              </Text>
              {count.name !== (count.sku ?? count.code) ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {count.sku ?? count.code}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed" fs="italic">
                {noteOf(state, count)}
              </Text>
            </div>
            <ActionIcon size={48} variant="subtle" color="red" aria-label={flowText.remove(count.name)} disabled={disabled} onClick={() => {
              onRemove(count.id)
              onTapped()
            }}>
              <IconTrash size={20} />
            </ActionIcon>
          </Group>
          <Group justify="flex-end" mt={6}>
            <QuantityStepper name={count.name} quantity={count.quantity} min={0} max={MAX_QUANTITY} disabled={disabled} onChange={(q) => onQuantity(count.id, q)} onTapped={onTapped} />
          </Group>
          {count.error ? (
            <Text size="sm" c="red" mt={4} role="alert">
              {count.error}
            </Text>
          ) : null}
        </Card>
      ))}
    </Stack>
  )
}
