import { ActionIcon, Badge, Button, Group, Paper, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import type { DraftItem } from '../../model/list-edit.ts'
import { adminText } from '../../text.ts'

const t = adminText.lists

export interface MoveFocus {
  key: string
  dir: 'up' | 'down'
}

/** One item of an ordered list: its label, up/down buttons (plain buttons: Tab, then Enter or Space). */
export function ListRow({
  item,
  index,
  count,
  error,
  registerButton,
  onRename,
  onToggle,
  onMove,
}: {
  item: DraftItem
  index: number
  count: number
  error: string | undefined
  registerButton: (id: string, node: HTMLButtonElement | null) => void
  onRename: (label: string) => void
  onToggle: () => void
  onMove: (dir: 'up' | 'down') => void
}) {
  const label = item.label || t.label(index)
  const arrow = (dir: 'up' | 'down') => (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={dir === 'up' ? t.up(label) : t.down(label)}
      disabled={dir === 'up' ? index === 0 : index === count - 1}
      onClick={() => onMove(dir)}
      ref={(node: HTMLButtonElement | null) => registerButton(`${item.key}:${dir}`, node)}
    >
      {dir === 'up' ? <IconArrowUp size={18} /> : <IconArrowDown size={18} />}
    </ActionIcon>
  )
  return (
    <Paper component="li" withBorder radius="md" p="xs" opacity={item.active ? 1 : 0.75}>
      <Group gap="xs" wrap="wrap" align="center">
        <Group gap={4} wrap="nowrap">
          {arrow('up')}
          {arrow('down')}
        </Group>
        <TextInput
          aria-label={t.label(index)}
          value={item.label}
          onChange={(e) => onRename(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 12rem' }}
        />
        {item.active ? null : <Badge color="gray">{t.retired}</Badge>}
        <Button
          variant="subtle"
          size="xs"
          color={item.active ? 'red' : 'blue'}
          onClick={onToggle}
          aria-label={item.active ? t.retireLabel(label) : t.activateLabel(label)}
        >
          {item.active ? t.retire : t.activate}
        </Button>
      </Group>
    </Paper>
  )
}
