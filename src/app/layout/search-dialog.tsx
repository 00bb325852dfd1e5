import './overlay-styles.ts'
import { Badge, Box, Group, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type KeyboardEvent } from 'react'
import { highlight, searchEntries, searchNav, type NavGroup, type SearchEntry } from '@/features/navigation'
import { useOverlayScans } from '@/features/scanning/hooks/use-overlay-scans'
import { messages } from '@/lib/messages'

const { search: t } = messages

function Highlighted({ text, query }: { text: string; query: string }) {
  return highlight(text, query).map((part, i) =>
    part.match ? (
      <Text key={i} span fw={700} c="primary">
        {part.text}
      </Text>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  )
}

function Result({ entry, query, selected, onPick }: { entry: SearchEntry; query: string; selected: boolean; onPick: () => void }) {
  return (
    <UnstyledButton
      onClick={onPick}
      role="option"
      aria-selected={selected}
      p="sm"
      w="100%"
      bg={selected ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text fw={600} truncate>
            <Highlighted text={entry.title} query={query} />
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {entry.path}
          </Text>
        </Box>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {entry.group}
        </Badge>
      </Group>
    </UnstyledButton>
  )
}

/** SPEC §2.6 global search over the navigation the user can see. */
/** `groups`: the user's navigation as shown; the search's entries are built here, off the first screen. */
export function SearchDialog({ opened, onClose, groups }: { opened: boolean; onClose: () => void; groups: NavGroup[] }) {
  const entries = useMemo(() => searchEntries(groups), [groups])
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState(0)
  const results = useMemo(() => searchNav(entries, query), [entries, query])

  const close = () => {
    setQuery('')
    setSelected(0)
    onClose()
  }
  // Over a screen that takes scans, a scan is the screen's: it closes the search (emptied) and goes
  // there; typing stays here. On a page without one, the search keeps what is scanned into it.
  useOverlayScans(opened, close)
  const pick = (entry: SearchEntry | undefined) => {
    if (!entry) return
    close()
    void navigate({ to: entry.path })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setSelected((s) => Math.min(s + 1, results.length - 1))
    else if (event.key === 'ArrowUp') setSelected((s) => Math.max(s - 1, 0))
    else if (event.key === 'Enter') pick(results[selected])
    else return
    event.preventDefault()
  }

  const trimmed = query.trim()
  return (
    <Modal opened={opened} onClose={close} withCloseButton={false} padding={0} size="lg" title={null} aria-label={messages.layout.search}>
      <Stack h={400} gap={0}>
        <TextInput
          data-autofocus
          aria-label={messages.layout.search}
          placeholder={t.placeholder}
          leftSection={<IconSearch size={18} />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value)
            setSelected(0)
          }}
          onKeyDown={onKeyDown}
          variant="unstyled"
          size="lg"
          px="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        />
        <ScrollArea flex={1} p="xs">
          {!trimmed ? (
            <Text ta="center" c="dimmed" py="xl">
              {t.empty}
            </Text>
          ) : results.length === 0 ? (
            <Stack align="center" gap={4} py="xl" px="md">
              <Text fw={600}>{t.notFound}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t.noResults(trimmed)}
              </Text>
            </Stack>
          ) : (
            <Stack gap={2} role="listbox" aria-label={messages.layout.search}>
              {results.map((entry, i) => (
                <Result key={entry.path} entry={entry} query={trimmed} selected={i === selected} onPick={() => pick(entry)} />
              ))}
            </Stack>
          )}
        </ScrollArea>
      </Stack>
    </Modal>
  )
}
