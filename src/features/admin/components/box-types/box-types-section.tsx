import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AdminBoxType } from '@contract'
import { boxTypesQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { useEditing } from '../use-editing.ts'
import { BoxTypeForm } from './box-type-form.tsx'

const t = adminText.boxTypes

export function BoxTypesSection() {
  const boxTypes = useQuery(boxTypesQuery())
  const { editing, add, edit, close } = useEditing<AdminBoxType>()
  return (
    <Section title={t.tab} query={boxTypes} action={<Button onClick={add}>{t.add}</Button>}>
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
                actions={<EditButton name={box.code} onClick={() => edit(box)} />}
              />
            ))}
          </Rows>
          {editing ? <BoxTypeForm box={editing.entity} onClose={close} /> : null}
        </>
      )}
    </Section>
  )
}
