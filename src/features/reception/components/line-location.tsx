import { Button, TextInput } from '@mantine/core'
import { IconMapPin } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { text as t } from '../text.ts'

/** A line's location: a button showing it (never wrapped mid-code); tapped, a field to scan or type another. */
export function LineLocation({
  name,
  location,
  disabled,
  onMove,
  onDone,
}: {
  name: string
  location: string
  disabled?: boolean
  onMove: (location: string) => void
  onDone: () => void
}) {
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // The field opened by the tap takes the focus: the next scan is the new location.
  useEffect(() => {
    if (editing) input.current?.focus()
  }, [editing])
  const close = () => {
    setEditing(false)
    setValue('')
    onDone()
  }
  if (!editing) {
    return (
      <Button
        variant="subtle"
        h={48}
        px={6}
        leftSection={<IconMapPin size={18} />}
        aria-label={t.changeLocation(name, location)}
        disabled={disabled}
        onClick={() => setEditing(true)}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        {location}
      </Button>
    )
  }
  return (
    <TextInput
      aria-label={t.newLocationOf(name)}
      description={t.newLocationHint}
      placeholder={location}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          if (value.trim()) onMove(value.trim())
          close()
        } else if (event.key === 'Escape') close()
      }}
      onBlur={close}
      ref={input}
      autoComplete="off"
      size="md"
      flex={1}
    />
  )
}
