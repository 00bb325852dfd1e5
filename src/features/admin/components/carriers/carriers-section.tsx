import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AdminCarrier } from '@contract'
import { useState } from 'react'
import { boxTypesQuery, carriersQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { CarrierForm } from './carrier-form.tsx'
import { ServiceBadges } from './service-badges.tsx'

const t = adminText.carriers

export function CarriersSection() {
  const carriers = useQuery(carriersQuery())
  const boxTypes = useQuery(boxTypesQuery())
  const [editing, setEditing] = useState<AdminCarrier | 'new' | null>(null)
  return (
    <Section
      title={t.tab}
      query={carriers}
      action={<Button onClick={() => setEditing('new')}>{t.add}</Button>}
    >
      {(list) => (
        <>
          <Rows>
            {list.map((carrier) => (
              <Row
                key={carrier.id}
                title={`${carrier.name} (${carrier.code})`}
                details={<CarrierDetails carrier={carrier} />}
                actions={<EditButton name={carrier.name} onClick={() => setEditing(carrier)} />}
              />
            ))}
          </Rows>
          {editing ? (
            <CarrierForm
              carrier={editing === 'new' ? null : editing}
              boxTypes={(boxTypes.data ?? []).map((b) => ({ value: b.code, label: `${b.code} — ${b.name}` }))}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </Section>
  )
}

function CarrierDetails({ carrier }: { carrier: AdminCarrier }) {
  const group = carrier.slipGroup
  return (
    <>
      <Text size="sm" c="dimmed">
        {t.summary(carrier.maxParcelGrams, carrier.boxTypes)}
      </Text>
      <Text size="sm">{group ? t.group(group) : t.noGroup}</Text>
      <ServiceBadges services={carrier.services} />
    </>
  )
}
