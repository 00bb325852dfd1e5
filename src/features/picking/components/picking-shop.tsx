import { MAX_PICKING_ORDERS, type Shop } from '@contract'
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core'
import '@mantine/core/styles/NumberInput.css'
import { IconPrinter } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useAgentState, usePrinters } from '@/features/printing'
import { campaignsQuery, orderCountQuery } from '../api.ts'
import { defaultOrders, maxOrders, parseChoice, printTarget, readyFor } from '../model.ts'
import { usePickListPrint } from '../print-flow.ts'
import { pickingText as t } from '../text.ts'
import { PrintOutcomeView } from './print-outcome.tsx'
import { RecentBatches } from './recent-batches.tsx'
import classes from './picking-shop.module.css'
import { TypeChoice } from './type-choice.tsx'

type Errors = { choiceError?: string; ordersError?: string }

/**
 * /warehouse/picking/{shop}: the shop's ready orders per picking type and campaign; choose one,
 * how many orders, 'Imprimer' (Enter in the number field does the same). `onPrinted` runs once the
 * server made a batch (the route refreshes the access profile, so the menu's badge follows).
 */
export function PickingShop({ shop, onPrinted }: { shop: Shop; onPrinted?: () => void }) {
  const counts = useQuery(orderCountQuery(shop.slug))
  const campaigns = useQuery(campaignsQuery(shop.slug))
  const flow = usePickListPrint(shop.slug, onPrinted)
  const hasA4 = usePrinters().printerFor('a4') !== undefined
  const agentDown = useAgentState() === 'not-ready'
  const [value, setValue] = useState<string | null>(null)
  const [count, setCount] = useState<number | string>(defaultOrders(0))
  const [errors, setErrors] = useState<Errors>({})

  const types = counts.data?.types ?? []
  const campaignList = campaigns.data?.campaigns ?? []
  const choice = parseChoice(value)
  const ready = readyFor(choice, types, campaignList)

  const choose = (next: string) => {
    setValue(next)
    setCount(defaultOrders(readyFor(parseChoice(next), types, campaignList)))
    setErrors({})
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (flow.busy) return
    const checked = printTarget(choice, count, ready)
    if (!('target' in checked)) return setErrors(checked)
    setErrors({})
    void flow.printList(checked.target)
  }

  if (counts.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t.loadingCounts}</Text>
      </Group>
    )
  }
  if (counts.isError && !counts.data) {
    return (
      <Alert color="red" role="alert" title={t.countsError}>
        <Text size="sm" mb="sm">
          {counts.error.message}
        </Text>
        <Button variant="light" h={48} onClick={() => void counts.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    )
  }

  return (
    <Stack gap="lg" maw={960}>
      {!hasA4 ? (
        <Alert color="red" role="alert">
          {t.noA4Printer}
        </Alert>
      ) : agentDown ? (
        <Alert color="yellow">{t.agentWarning}</Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TypeChoice
            types={types}
            campaigns={campaigns.data?.campaigns}
            campaignsError={campaigns.isError && !campaigns.data ? t.campaignsError : undefined}
            value={value}
            onChange={choose}
          />
          <div className={classes.bar}>
            <Stack gap="xs">
              {errors.choiceError ? (
                <Text c="red" size="sm" role="alert">
                  {errors.choiceError}
                </Text>
              ) : null}
              <PrintOutcomeView progress={flow.progress} outcome={flow.outcome} />
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <NumberInput
                  label={t.ordersField}
                  description={t.ordersHint(choice && ready > 0 ? maxOrders(ready) : MAX_PICKING_ORDERS)}
                  value={count}
                  onChange={(next) => {
                    setCount(next)
                    setErrors({})
                  }}
                  min={1}
                  max={maxOrders(ready)}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  error={errors.ordersError}
                  // The error above the field, so the field and 'Imprimer' stay side by side.
                  inputWrapperOrder={['label', 'description', 'error', 'input']}
                  size="md"
                  style={{ flex: 1, minWidth: 0, maxWidth: 240 }}
                />
                <Button
                  type="submit"
                  size="md"
                  h={48}
                  style={{ flexShrink: 0 }}
                  leftSection={<IconPrinter size={20} />}
                  loading={flow.busy}
                  disabled={!hasA4}
                >
                  {t.print}
                </Button>
              </Group>
            </Stack>
          </div>
        </Stack>
      </form>
      <RecentBatches
        shop={shop.slug}
        busy={flow.busy || !hasA4}
        onReprint={(name) => void flow.reprintList(name)}
      />
    </Stack>
  )
}
