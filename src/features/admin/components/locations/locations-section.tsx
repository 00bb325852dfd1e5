import { Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { LOCATION_KINDS, type AdminLocation } from '@contract'
import { useState } from 'react'
import { locationsQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { Section } from '../section.tsx'
import { LocationForm } from './location-form.tsx'

const t = adminText.locations
/** A site has thousands of locations: the list shows the first ones the filter keeps. */
const SHOWN = 200

/** The storage locations: how many of each kind, their names (filtered), and the form to add some. */
export function LocationsSection() {
  const locations = useQuery(locationsQuery())
  return (
    <Section title={t.tab} query={locations}>
      {(list) => (
        <Stack gap="md">
          <LocationForm />
          <Counts list={list} />
          <Names list={list} />
        </Stack>
      )}
    </Section>
  )
}

function Counts({ list }: { list: readonly AdminLocation[] }) {
  return (
    <Group component="ul" aria-label={t.counts} gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {LOCATION_KINDS.map((kind) => (
        <Text component="li" key={kind} size="sm">
          {t.kinds[kind]} : {t.count(list.filter((l) => l.kind === kind).length)}
        </Text>
      ))}
    </Group>
  )
}

function Names({ list }: { list: readonly AdminLocation[] }) {
  const [filter, setFilter] = useState('')
  const needle = filter.trim().toLowerCase()
  const kept = needle === '' ? list : list.filter((l) => l.name.toLowerCase().includes(needle))
  const shown = kept.slice(0, SHOWN)
  const note = t.shown(shown.length, kept.length)
  return (
    <Stack gap="xs">
      <TextInput
        label={t.filter}
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={320}
      />
      {shown.length === 0 ? (
        <Text c="dimmed">{t.none}</Text>
      ) : (
        <Table striped withTableBorder aria-label={t.tab}>
          <Table.Tbody>
            {shown.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{l.name}</Table.Td>
                <Table.Td>{t.kinds[l.kind]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  )
}
