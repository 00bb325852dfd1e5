import { Button, Card, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ScanField } from '../../components/scan-field.tsx'
import type { ScanHandler } from '../../types.ts'
import { flowText } from '../text.ts'

/** The parts of a flow a step needs (useScanFlow's result). */
export interface StepFlow {
  scan: ScanHandler
  pending: number
  focusSignal: number
}

export interface ScanStepProps {
  label: string
  /** What to scan: shown under the label, where it stays readable. */
  description?: string
  /** This step takes the scans now: its field is shown and has the focus. */
  active: boolean
  /** What was scanned, once the step is done ('Destination : A-01-01-01'). */
  summary?: ReactNode
  /** 'Modifier': go back to this step. */
  onEdit?: () => void
  error?: string
  flow: StepFlow
  /** Shown under the summary (e.g. a location's content). */
  children?: ReactNode
}

/**
 * One step of a scan flow: the scan field while the step is active, else what it got and
 * 'Modifier'. Every step sends its scans to the flow's one queue.
 */
export function ScanStep({
  label,
  description,
  active,
  summary,
  onEdit,
  error,
  flow,
  children,
}: ScanStepProps) {
  if (active) {
    return (
      <div>
        <ScanField
          label={label}
          description={description}
          onScan={flow.scan}
          error={error}
          pending={flow.pending}
          focusSignal={flow.focusSignal}
        />
        {children}
      </div>
    )
  }
  if (summary === undefined) return null
  return (
    <Card withBorder padding="sm" data-testid="step-done">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {summary}
        </Text>
        {onEdit ? (
          // Not while a scan or the write is being handled: it would change what they work on.
          <Button
            variant="default"
            h={48}
            onClick={onEdit}
            disabled={flow.pending > 0}
            aria-label={`${flowText.edit} : ${label}`}
          >
            {flowText.edit}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
      {children}
    </Card>
  )
}
