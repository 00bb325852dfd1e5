import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core'
import { messages } from '@/lib/messages'
import type { useRebutReasons } from '../api.ts'
import { text as t } from '../text.ts'

interface ReasonPickerProps {
  reasons: ReturnType<typeof useRebutReasons>
  value: number | null
  /** The server's refusal of the reason. */
  error?: string
  disabled?: boolean
  onPick: (id: number) => void
}

/** The scrap reasons as large buttons (one tap, a gloved thumb); the list's loading and failure. */
export function ReasonPicker({ reasons, value, error, disabled, onPick }: ReasonPickerProps) {
  return (
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
            <Text size="sm">{reasons.error.message}</Text>
            <Button
              variant="default"
              h={48}
              loading={reasons.isFetching}
              onClick={() => void reasons.refetch()}
            >
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
              h={48}
              variant={value === r.id ? 'filled' : 'default'}
              aria-pressed={value === r.id}
              disabled={disabled}
              onClick={() => onPick(r.id)}
            >
              {r.label}
            </Button>
          ))}
        </SimpleGrid>
      )}
      {error ? (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  )
}
