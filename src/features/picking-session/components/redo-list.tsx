import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { Redo } from '../model.ts'
import { text as t } from '../text.ts'

/**
 * The tasks to redo (../redo.ts): each a refusal of the server named by its unit, with what to do
 * and 'Fait'. In the page, above the task: nothing floats over the scan field.
 */
export function RedoList({ redo, onDone }: { redo: readonly Redo[]; onDone: (outboxId: number) => void }) {
  if (redo.length === 0) return null
  return (
    <Stack gap="xs" data-testid="redo">
      {redo.map((r) => (
        <Alert key={r.outboxId} color="red" p="xs" title={r.title}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end">
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{r.reason}</Text>
              {r.todo ? (
                <Text size="sm" fw={700}>
                  {r.todo}
                </Text>
              ) : null}
            </div>
            <Button
              h={48}
              miw={64}
              variant="default"
              onClick={() => onDone(r.outboxId)}
              aria-label={t.redoDismissLabel(r.title)}
            >
              {t.redoDismiss}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  )
}
