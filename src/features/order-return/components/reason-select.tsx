import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { Button, Group, Loader, NativeSelect, Text } from '@mantine/core'
import { messages } from '@/lib/messages'
import type { ReasonsQuery } from '../api.ts'
import { text as t } from '../text.ts'

interface ReasonSelectProps {
  label: string
  description?: string
  reasons: ReasonsQuery
  value: number | null
  loading: string
  failed: string
  /** Said instead of an empty list (nothing could be picked, and the choice is needed). */
  empty?: string
  /** The server's refusal of this field. */
  error?: string
  disabled?: boolean
  onPick: (id: number | null) => void
}

/**
 * A reference list (origins, wait reasons, scrap reasons) as one native select: compact on a
 * handheld, the phone's own picker, and kept offline (api.ts). Its loading and failure with a retry.
 */
export function ReasonSelect(props: ReasonSelectProps) {
  const { label, description, reasons, value, loading, failed, empty, error, disabled, onPick } = props
  if (reasons.isPending)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{loading}</Text>
      </Group>
    )
  if (reasons.isError)
    return (
      <Group gap="xs" wrap="nowrap" role="alert">
        <Text size="sm" c="red.8">
          {failed}
        </Text>
        <Button variant="default" h={48} loading={reasons.isFetching} onClick={() => void reasons.refetch()}>
          {messages.errors.retry}
        </Button>
      </Group>
    )
  if (empty && reasons.data.length === 0)
    return (
      <Text size="sm" c="red.8" role="alert">
        {empty}
      </Text>
    )
  return (
    <NativeSelect
      label={label}
      description={description}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      error={error}
      onChange={(event) =>
        onPick(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
      }
      data={[
        { value: '', label: t.pick },
        ...reasons.data.map((r) => ({ value: String(r.id), label: r.label })),
      ]}
      size="md"
    />
  )
}
