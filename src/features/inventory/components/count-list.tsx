import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { LineList } from '@/features/scanning'
import { countNote, MAX_QUANTITY, missing, type InventoryState } from '../model.ts'
import { text as t } from '../text.ts'

interface CountListProps {
  state: InventoryState
  disabled?: boolean
  onZero: (sku: string) => void
  onQuantity: (id: string, quantity: number) => void
  onRemove: (id: string) => void
  onTapped: () => void
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
              <Button
                variant="default"
                h={48}
                disabled={disabled}
                aria-label={t.countZeroOf(e.name)}
                onClick={() => {
                  onZero(e.sku)
                  onTapped()
                }}
              >
                {t.countZero}
              </Button>
            </Group>
          ))}
        </Card>
      ) : null}
      <LineList
        lines={state.counts.map((count) => ({
          id: count.id,
          title: count.name,
          // The code under the name, unless the name is the code (a product not listed here).
          detail: count.name !== (count.sku ?? count.code) ? (count.sku ?? count.code) : undefined,
          note: countNote(state, count),
          quantity: count.quantity,
          // 0: a product found absent.
          min: 0,
          max: MAX_QUANTITY,
          error: count.error,
        }))}
        disabled={disabled}
        onQuantity={onQuantity}
        onRemove={onRemove}
        onTapped={onTapped}
      />
    </Stack>
  )
}
