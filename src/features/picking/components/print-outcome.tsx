import { Alert, Group, Loader, Text } from '@mantine/core'
import { batchLine } from '../model.ts'
import type { PrintOutcome } from '../print-flow.ts'
import { pickingText as t } from '../text.ts'

/** Where a print is at, then what came of it: the batch printed, or the French reason it was not. */
export function PrintOutcomeView({
  progress,
  outcome,
}: {
  progress: string | null
  outcome: PrintOutcome | null
}) {
  if (progress) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>{progress}</Text>
      </Group>
    )
  }
  if (!outcome) return null
  if (outcome.kind === 'error') {
    return (
      <Alert color="red" role="alert" p="xs">
        {outcome.message}
      </Alert>
    )
  }
  const { batch } = outcome
  return (
    <Alert
      color="green"
      role="status"
      p="xs"
      title={outcome.kind === 'printed' ? t.printed(batch.name) : t.reprinted(batch.name)}
    >
      {batchLine(batch)}
    </Alert>
  )
}
