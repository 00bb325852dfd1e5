import './overlay-styles.ts'
import { Badge, Box, Group, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import {
  highlight,
  itemHref,
  lookupText,
  searchEntries,
  searchItems,
  searchNav,
  type NavGroup,
  type SearchItem,
} from '@/features/navigation'
import { useOverlayScans } from '@/features/scanning/hooks/use-overlay-scans'
import { messages } from '@/lib/messages'
import { useCodeLookup } from './use-code-lookup.ts'

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

/** One row of the list: a screen (docs/specification.md §2.6: title, path, grey group) or what a code names (issue 31). */
function Option({
  title,
  detail,
  badge,
  badgeColor,
  selected,
  disabled,
  onPick,
}: {
  title: ReactNode
  detail: string
  badge: string
  badgeColor?: string
  selected: boolean
  disabled?: boolean
  onPick: () => void
}) {
  return (
    <UnstyledButton
      onClick={onPick}
      role="option"
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      p="sm"
      w="100%"
      bg={selected ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text fw={600} truncate>
            {title}
          </Text>
          {detail ? (
            <Text size="sm" c="dimmed" truncate>
              {detail}
            </Text>
          ) : null}
        </Box>
        <Badge variant="light" color={badgeColor} style={{ flexShrink: 0 }}>
          {badge}
        </Badge>
      </Group>
    </UnstyledButton>
  )
}

/**
 * docs/specification.md §2.6 global search over the navigation the user can see. `groups`: the
 * user's navigation as shown; the search's entries are built here, off the first screen.
 */
export function SearchDialog({
  opened,
  onClose,
  groups,
}: {
  opened: boolean
  onClose: () => void
  groups: NavGroup[]
}) {
  const entries = useMemo(() => searchEntries(groups), [groups])
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState(0)
  const screens = useMemo(() => searchNav(entries, query), [entries, query])
  const lookup = useCodeLookup(query, opened)
  const results = useMemo(() => searchItems(screens, lookup.hits), [screens, lookup.hits])

  const close = () => {
    setQuery('')
    setSelected(0)
    onClose()
  }
  // Over a screen that takes scans, a scan is the screen's: it closes the search (emptied) and goes
  // there; typing stays here. On a page without one, the search keeps what is scanned into it.
  useOverlayScans(opened, close)
  const pick = (item: SearchItem | undefined) => {
    const href = itemHref(item)
    if (!item || href === null) return
    close()
    void (item.type === 'screen' ? navigate({ to: href }) : navigate({ href }))
  }
  // Enter right after a scan: what the code names, once the look-up has answered (a screen chosen
  // opens at once, as docs/specification.md §2.6 has it).
  const enter = async () => {
    if (!lookup.looking || selected < screens.length) return pick(results[selected])
    const hits = await lookup.now(query)
    pick(searchItems(screens, hits)[selected])
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setSelected((s) => Math.min(s + 1, results.length - 1))
    else if (event.key === 'ArrowUp') setSelected((s) => Math.max(s - 1, 0))
    else if (event.key === 'Enter') void enter()
    else return
    event.preventDefault()
  }

  const trimmed = query.trim()
  return (
    <Modal
      opened={opened}
      onClose={close}
      withCloseButton={false}
      padding={0}
      size="lg"
      title={null}
      aria-label={messages.layout.search}
    >
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
          {lookup.failed ? (
            <Text size="sm" c="dimmed" px="sm" pb="xs">
              {lookup.failed}
            </Text>
          ) : null}
          {!trimmed ? (
            <Text ta="center" c="dimmed" py="xl">
              {t.empty}
            </Text>
          ) : results.length === 0 && lookup.looking ? (
            <Text ta="center" c="dimmed" py="xl">
              {lookupText.looking}
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
              {results.map((item, i) =>
                item.type === 'code' ? (
                  <Option
                    key={item.result.key}
                    title={item.result.title}
                    detail={item.result.detail}
                    badge={item.result.group}
                    disabled={item.result.href === null}
                    selected={i === selected}
                    onPick={() => pick(item)}
                  />
                ) : (
                  <Option
                    key={item.entry.path}
                    title={<Highlighted text={item.entry.title} query={trimmed} />}
                    detail={item.entry.path}
                    badge={item.entry.group}
                    badgeColor="gray"
                    selected={i === selected}
                    onPick={() => pick(item)}
                  />
                ),
              )}
            </Stack>
          )}
        </ScrollArea>
      </Stack>
    </Modal>
  )
}
