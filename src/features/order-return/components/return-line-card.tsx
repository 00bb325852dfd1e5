import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import {
  RETURN_CONDITION_LABELS,
  RETURN_CONDITIONS,
  RETURN_DISPOSITION_LABELS,
  type ReturnCondition,
  type ReturnDisposition,
} from '@contract'
import { IconTrash } from '@tabler/icons-react'
import { flowText, QuantityStepper } from '@/features/scanning'
import type { ReasonsQuery } from '../api.ts'
import { dispositionsOf, type ReturnLine } from '../model.ts'
import { text as t } from '../text.ts'
import { Choice } from './choice.tsx'
import { LineDestination } from './line-destination.tsx'

export interface LineActions {
  condition(id: string, condition: ReturnCondition): void
  disposition(id: string, disposition: ReturnDisposition): void
  reason(id: string, reason: number): void
  quantity(id: string, quantity: number): void
  askLocation(id: string): void
  split(id: string): void
  remove(id: string): void
}

interface ReturnLineCardProps {
  line: ReturnLine
  /** The most it may carry. */
  max: number
  /** `max` is what the order may still bring back (an item of a known order), not the contract's ceiling. */
  limited: boolean
  error?: string
  asking: boolean
  scrapReasons: ReasonsQuery
  disabled: boolean
  actions: LineActions
  onTapped: () => void
}

/** The line's badge: 'Hors commande', or not checked against an order. */
function Status({ line }: { line: ReturnLine }) {
  if (line.inOrder === false)
    return (
      <Badge color="orange" variant="light">
        {t.outOfOrder}
      </Badge>
    )
  if (line.inOrder === null)
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {t.unchecked}
      </Text>
    )
  return null
}

/** One item received: what it is, its condition, where it goes, how many. */
export function ReturnLineCard(props: ReturnLineCardProps) {
  const { line, max, limited, error, asking, scrapReasons, disabled, actions, onTapped } = props
  const tap = (run: () => void) => () => {
    run()
    onTapped()
  }
  return (
    <Card
      withBorder
      padding="xs"
      component="section"
      aria-label={line.name}
      style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {line.name}
            </Text>
            {line.sku ? (
              <Text size="sm" c="dimmed">
                {limited ? t.lineDetail(line.sku, line.quantity, max) : line.sku}
              </Text>
            ) : null}
            <Status line={line} />
          </div>
          <ActionIcon
            size={48}
            variant="subtle"
            color="red"
            aria-label={flowText.remove(line.name)}
            disabled={disabled}
            onClick={tap(() => actions.remove(line.id))}
          >
            <IconTrash size={20} />
          </ActionIcon>
        </Group>
        <Choice
          label={`${t.condition} : ${line.name}`}
          options={RETURN_CONDITIONS}
          labels={RETURN_CONDITION_LABELS}
          value={line.condition}
          disabled={disabled}
          onPick={(c) => tap(() => actions.condition(line.id, c))()}
        />
        {line.inOrder === false ? null : (
          <Choice
            label={`${t.disposition} : ${line.name}`}
            options={dispositionsOf(line)}
            labels={RETURN_DISPOSITION_LABELS}
            value={line.disposition}
            disabled={disabled}
            onPick={(d) => tap(() => actions.disposition(line.id, d))()}
          />
        )}
        <LineDestination
          line={line}
          asking={asking}
          scrapReasons={scrapReasons}
          disabled={disabled}
          onAskLocation={tap(() => actions.askLocation(line.id))}
          onReason={(id) => tap(() => actions.reason(line.id, id))()}
        />
        <Group justify="space-between" gap="xs">
          {line.quantity > 1 ? (
            <Button h={48} variant="default" disabled={disabled} onClick={tap(() => actions.split(line.id))}>
              {t.split}
            </Button>
          ) : (
            <span />
          )}
          <QuantityStepper
            name={line.name}
            quantity={line.quantity}
            max={Math.max(max, 1)}
            disabled={disabled}
            onChange={(q) => actions.quantity(line.id, q)}
            onTapped={onTapped}
          />
        </Group>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}
