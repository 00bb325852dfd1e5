import { PICKING_TYPE_LABELS, type CampaignCount, type PickingTypeCount } from '@contract'
import { Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import '@mantine/core/styles/InlineInput.css' // the radios' rows (laid out inline without it)
import '@mantine/core/styles/Radio.css'
import '@mantine/core/styles/RadioCard.css'
import '@mantine/core/styles/RadioIndicator.css'
import { choiceValue, groupTypeCounts } from '../model.ts'
import { orders, pickingText as t, units } from '../text.ts'
import classes from './choice-card.module.css'

interface Props {
  types: readonly PickingTypeCount[]
  campaigns: readonly CampaignCount[] | undefined
  campaignsError?: string
  value: string | null
  onChange: (value: string) => void
}

/**
 * The eight picking types (mono, then multi) and the campaigns, as one radio group: arrow keys
 * move the choice, each card is a large touch target. Types with nothing ready stay choosable
 * (dimmed): the counts may be a few seconds old.
 */
export function TypeChoice({ types, campaigns, campaignsError, value, onChange }: Props) {
  return (
    <Radio.Group name="picking-choice" label={t.choice} value={value} onChange={onChange} size="md">
      <Stack gap="md" mt="xs">
        {groupTypeCounts(types).map((group) => (
          <Stack key={group.family} gap={6}>
            <Title order={2} size="h5">
              {group.family === 'mono' ? t.mono : t.multi}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {group.rows.map((row) => (
                <ChoiceCard
                  key={row.pickingType}
                  value={choiceValue({ kind: 'type', pickingType: row.pickingType })}
                  label={PICKING_TYPE_LABELS[row.pickingType]}
                  orders={row.orders}
                  units={row.units}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <Stack gap={6}>
          <Title order={2} size="h5">
            {t.campaigns}
          </Title>
          {campaignsError ? (
            <Text c="red" size="sm">
              {campaignsError}
            </Text>
          ) : campaigns?.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t.noCampaign}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
              {(campaigns ?? []).map((campaign) => (
                <ChoiceCard
                  key={campaign.code}
                  value={choiceValue({ kind: 'campaign', code: campaign.code })}
                  label={campaign.name}
                  orders={campaign.orders}
                  units={campaign.units}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
    </Radio.Group>
  )
}

function ChoiceCard({
  value,
  label,
  ...count
}: {
  value: string
  label: string
  orders: number
  units: number
}) {
  return (
    <Radio.Card
      value={value}
      p="sm"
      mih={64}
      radius="md"
      className={count.orders > 0 ? classes.card : `${classes.card} ${classes.empty}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={6}>
        <Text fw={600} size="sm" lh={1.25}>
          {label}
        </Text>
        <Radio.Indicator size="sm" color="blue" />
      </Group>
      <Text size="sm">{orders(count.orders)}</Text>
      <Text size="xs" c="dimmed">
        {units(count.units)}
      </Text>
    </Radio.Card>
  )
}
