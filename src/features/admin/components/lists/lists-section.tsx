import { NativeSelect, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ADMIN_LISTS, type AdminListName } from '@contract'
import { use, useState } from 'react'
import { listQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { Section } from '../section.tsx'
import { UnsavedContext } from '../unsaved.ts'
import { ListEditor } from './list-editor.tsx'

const t = adminText.lists

/** The three ordered lists the floor picks from, one at a time. */
export function ListsSection() {
  const [name, setName] = useState<AdminListName>('scrap-reasons')
  const list = useQuery(listQuery(name))
  const { confirmLeave } = use(UnsavedContext)
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t.tab}
      </Title>
      <NativeSelect
        label={t.which}
        data={ADMIN_LISTS.map((value) => ({ value, label: t.names[value] }))}
        value={name}
        onChange={(e) => {
          const next = e.currentTarget.value as AdminListName
          if (confirmLeave()) setName(next)
        }}
        maw={320}
      />
      <Section title={t.names[name]} query={list}>
        {/* Keyed by list only: a refetch does not start the draft again (the editor follows the
            server's list while it has no edits), a switch does. */}
        {(items) => <ListEditor key={name} name={name} saved={items} />}
      </Section>
    </Stack>
  )
}
