import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { CarrierDue } from '../model.ts'
import { text } from '../text.ts'

const TONE_COLOR = { late: 'red.8', soon: 'orange.9', later: 'dimmed' } as const

/** The carriers with parcels waiting, the nearest pickup first, and the time left to it. */
export function CarriersCard({ carriers, canOpenSlips }: { carriers: CarrierDue[]; canOpenSlips: boolean }) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{text.carriersTitle}</Text>
        {canOpenSlips ? (
          <Anchor renderRoot={(props) => <Link to="/warehouse/carrier-slip" {...props} />} size="sm" py={14}>
            {text.slips}
          </Anchor>
        ) : null}
      </Group>
      {carriers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noCarriers}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {carriers.map((c) => (
            <li key={c.code}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text fw={600} size="sm">
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text.parcels(c.parcels)} · {text.weight(c.weightGrams)}
                  </Text>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <Text size="sm">{text.pickup(text.time(c.pickupAt))}</Text>
                  <Text size="sm" fw={c.tone === 'later' ? 400 : 700} c={TONE_COLOR[c.tone]}>
                    {text.due(c.minutes)}
                  </Text>
                </div>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  )
}
