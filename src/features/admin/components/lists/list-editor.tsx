import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { adminListPut, type AdminListItem, type AdminListName } from '@contract'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { callApi } from '@/lib/http'
import { useAdminWrite } from '../../api.ts'
import { adminKeys } from '../../keys.ts'
import {
  add,
  draftOf,
  isDirty,
  move,
  rename,
  toBody,
  toggleActive,
  type DraftItem,
} from '../../model/list-edit.ts'
import { adminText } from '../../text.ts'
import { checkBody } from '@/lib/forms'
import { placedAt, useFormProblem } from '@/lib/ui/use-form-problem'
import { useMarkUnsaved } from '../unsaved.ts'
import { ListRow, type MoveFocus } from './list-row.tsx'

const t = adminText.lists
// Only labels have a field: a message about a row or the whole list goes to the alert.
const placed = placedAt(/^items\.\d+\.label$/)

/**
 * Edits one list in place: reorder, rename, add, retire or bring back, then save it whole. What
 * the server holds may change under it (a refetch on focus): a draft without edits follows it, a
 * draft with edits is kept (and marked unsaved, so leaving it asks first).
 */
export function ListEditor({ name, saved }: { name: AdminListName; saved: AdminListItem[] }) {
  const [items, setItems] = useState<DraftItem[]>(() => draftOf(saved))
  const [base, setBase] = useState(saved)
  if (base !== saved) {
    setBase(saved)
    if (!isDirty(base, items)) setItems(draftOf(saved))
  }
  const [newLabel, setNewLabel] = useState('')
  const nextKey = useRef(0)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const registerButton = useCallback((id: string, node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(id, node)
    else buttons.current.delete(id)
  }, [])
  // A moved row's DOM node is moved too, which loses the focus: it goes back to the same button
  // on that row (or to the other arrow once the row reaches an end).
  const refocus = useRef<MoveFocus | null>(null)
  useLayoutEffect(() => {
    const wanted = refocus.current
    if (!wanted) return
    refocus.current = null
    const same = buttons.current.get(`${wanted.key}:${wanted.dir}`)
    const other = buttons.current.get(`${wanted.key}:${wanted.dir === 'up' ? 'down' : 'up'}`)
    ;(same && !same.disabled ? same : other)?.focus()
  }, [items])

  const write = useAdminWrite(
    (body: ReturnType<typeof toBody>) => callApi(adminListPut, { params: { list: name }, body }),
    {
      refresh: [adminKeys.list(name)],
      done: () => t.saved(t.names[name]),
    },
  )
  const { problem, check } = useFormProblem(write.error, placed)
  const dirty = isDirty(saved, items)
  useMarkUnsaved(dirty)

  const addItem = () => {
    if (!newLabel.trim()) return
    setItems((list) => add(list, newLabel, `new-${nextKey.current++}`))
    setNewLabel('')
  }
  const save = () => {
    const body = check(checkBody(adminListPut.body, toBody(items)))
    // The answer is the list as saved (new items with their ids): the draft starts again from it.
    if (body)
      write.mutate(body, {
        onSuccess: (answer) => {
          setBase(answer)
          setItems(draftOf(answer))
        },
      })
  }

  return (
    <Stack gap="sm">
      {problem.alert ? (
        <Alert color="red" role="alert">
          {problem.alert}
        </Alert>
      ) : null}
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.names[name]}>
        {items.map((item, index) => (
          <ListRow
            key={item.key}
            item={item}
            index={index}
            count={items.length}
            error={problem.fields[`items.${index}.label`]}
            registerButton={registerButton}
            onRename={(label) => setItems((list) => rename(list, index, label))}
            onToggle={() => setItems((list) => toggleActive(list, index))}
            onMove={(dir) => {
              setItems((list) => move(list, index, dir === 'up' ? -1 : 1))
              refocus.current = { key: item.key, dir }
            }}
          />
        ))}
      </Stack>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t.newItem}
          value={newLabel}
          onChange={(e) => setNewLabel(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            addItem()
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="default" onClick={addItem}>
          {t.add}
        </Button>
      </Group>
      <Group gap="xs" justify="flex-end">
        {dirty ? (
          <Text size="sm" c="orange" mr="auto" role="status">
            {t.unsaved}
          </Text>
        ) : null}
        <Button variant="default" disabled={!dirty} onClick={() => setItems(draftOf(saved))}>
          {t.reset}
        </Button>
        <Button onClick={save} disabled={!dirty} loading={write.isPending}>
          {t.save}
        </Button>
      </Group>
    </Stack>
  )
}
