import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AdminBoxType } from '@contract'
import { useState } from 'react'
import { boxTypesQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { BoxTypeForm } from './box-type-form.tsx'

const t = adminText.boxTypes

export function BoxTypesSection() {
  const boxTypes = useQuery(boxTypesQuery())
  const [editing, setEditing] = useState<AdminBoxType | 'new' | null>(null)
  return (
    <Section
      title={t.tab}
      query={boxTypes}
      action={<Button onClick={() => setEditing('new')}>{t.add}</Button>}
    >
      {(list) => (
        <>
          <Rows>
            {list.map((box) => (
              <Row
                key={box.id}
                title={`${box.code} — ${box.name}`}
                details={
                  <Text size="sm" c="dimmed">
                    {t.summary(box)}
                  </Text>
                }
                actions={<EditButton name={box.code} onClick={() => setEditing(box)} />}
              />
            ))}
          </Rows>
          {editing ? (
            <BoxTypeForm box={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          ) : null}
        </>
      )}
    </Section>
  )
}
