import { Button, Group, Stack, TextInput } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { text as t } from '../text.ts'

export interface ManualNumberProps {
  seq: number
  busy: boolean
  /** The server's refusal of the number (format, already used), next to the field. */
  error?: string
  onSubmit: (number: string) => void
  onClose: () => void
}

/** 'Saisir un numéro': a tracking number made elsewhere, typed or scanned into its own field. */
export function ManualNumber({ seq, busy, error, onSubmit, onClose }: ManualNumberProps) {
  const [value, setValue] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // Opened on purpose by a tap: the typing goes here, not to the scan field.
  useEffect(() => input.current?.focus(), [])
  const submit = () => {
    if (value.trim()) onSubmit(value.trim())
  }
  return (
    <Stack gap="xs" mt="xs">
      <TextInput
        label={t.manualField(seq)}
        description={t.manualHint}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            submit()
          } else if (event.key === 'Escape') onClose()
        }}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        ref={input}
        size="md"
      />
      <Group grow gap="xs" wrap="nowrap">
        <Button h={48} loading={busy} disabled={!value.trim()} onClick={submit}>
          {t.manualSave}
        </Button>
        <Button h={48} variant="default" disabled={busy} onClick={onClose}>
          {t.manualCancel}
        </Button>
      </Group>
    </Stack>
  )
}
