import { NativeSelect, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ADMIN_LISTS, type AdminListName } from '@contract'
import { useState } from 'react'
import { listQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { Section } from '../section.tsx'
import { ListEditor } from './list-editor.tsx'

const t = adminText.lists

/** The three ordered lists the floor picks from, one at a time. */
export function ListsSection() {
  const [name, setName] = useState<AdminListName>('scrap-reasons')
  const list = useQuery(listQuery(name))
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t.tab}
      </Title>
      <NativeSelect
        label={t.which}
        data={ADMIN_LISTS.map((value) => ({ value, label: t.names[value] }))}
        value={name}
        onChange={(e) => setName(e.currentTarget.value as AdminListName)}
        maw={320}
      />
      <Section title={t.names[name]} query={list}>
        {/* Keyed by list and by what the server holds: a save or a switch starts a fresh draft, a
            refetch that finds the same list keeps the edits in progress. */}
        {(items) => <ListEditor key={`${name}:${JSON.stringify(items)}`} name={name} saved={items} />}
      </Section>
    </Stack>
  )
}
