import { Button, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { AdminCarrier } from '@contract'
import { boxTypesQuery, carriersQuery } from '../../api.ts'
import { freeCarrierCodes } from '../../model/carrier-codes.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { useEditing } from '../use-editing.ts'
import { CarrierForm } from './carrier-form.tsx'
import { ServiceBadges } from './service-badges.tsx'

const t = adminText.carriers

export function CarriersSection() {
  const carriers = useQuery(carriersQuery())
  const boxTypes = useQuery(boxTypesQuery())
  const { editing, add, edit, close } = useEditing<AdminCarrier>()
  const codes = freeCarrierCodes((carriers.data ?? []).map((c) => c.code))
  return (
    <Section
      title={t.tab}
      query={carriers}
      action={
        carriers.data && codes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.allAdded}
          </Text>
        ) : (
          <Button onClick={add}>{t.add}</Button>
        )
      }
    >
      {(list) => (
        <>
          <Rows>
            {list.map((carrier) => (
              <Row
                key={carrier.id}
                title={`${carrier.name} (${carrier.code})`}
                details={<CarrierDetails carrier={carrier} />}
                actions={<EditButton name={carrier.name} onClick={() => edit(carrier)} />}
              />
            ))}
          </Rows>
          {editing ? (
            <CarrierForm
              carrier={editing.entity}
              codes={codes}
              boxTypes={(boxTypes.data ?? []).map((b) => ({ value: b.code, label: `${b.code} — ${b.name}` }))}
              onClose={close}
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
