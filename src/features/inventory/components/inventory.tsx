import { Alert, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { RefusedWrites, useStockWrite } from '@/features/outbox'
import {
  ActionBar,
  RecentWrites,
  refusalOf,
  RestoredBanner,
  ScanStep,
  totalsText,
  unplacedMessages,
  UNVERIFIED,
  useScanFlow,
} from '@/features/scanning'
import { locationContentQuery } from '@/lib/queries/stock'
import { showToast } from '@/lib/ui/toast'
import * as model from '../model.ts'
import { inventoryScan, reopenInventory, type InventoryLookUps } from '../scan.ts'
import { text as t } from '../text.ts'
import { CountList } from './count-list.tsx'

/**
 * /warehouse/inventory: scan the location (what the system holds there is listed), then every
 * article found there; count 0 what is absent; validate the counts in one write through the
 * outbox, after a second tap when stock goes down. The logic is in ../model.ts and ../scan.ts.
 */
export function Inventory({ reopen }: { reopen?: number }) {
  const client = useQueryClient()
  const write = useStockWrite<'inventory'>()
  const lookUps: InventoryLookUps = { location: (name) => client.fetchQuery(locationContentQuery(name)) }
  const flow = useScanFlow({
    model: model.inventoryModel,
    onScan: inventoryScan(lookUps),
    draft: model.inventoryDraft,
    load: reopen === undefined ? undefined : () => reopenInventory(reopen, lookUps),
  })
  const { state, dispatch } = flow

  const submit = () =>
    flow.run(async () => {
      const current = flow.current()
      if (!model.canSubmit(current)) return
      if (model.needsConfirmation(current) && !current.confirming) {
        dispatch({ type: 'confirmAsked' })
        return
      }
      const { write: body, label, ids } = model.inventoryWrite(current)
      try {
        const result = await write.submit({
          write: body,
          label,
          replaces: current.replaces,
          draft: flow.draftKey,
        })
        if (result === null) return
        const adjustments = result.status === 'sent' ? result.response.adjustments : null
        dispatch({ type: 'sent', ids, adjustments })
        showToast(
          adjustments === null
            ? { color: 'orange', message: t.queued }
            : {
                color: 'green',
                message: t.done(body.body.location, adjustments.filter((a) => a.before !== a.after).length),
              },
        )
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error), ids })
      }
    })

  const field = model.activeField(state)
  const location = state.location
  const lowered = model.lowered(state)
  const counted = totalsText(state.counts.length, model.countArticles(state.counts))
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <RefusedWrites
        kind="inventory"
        correcting={state.replaces}
        opening={reopen}
        busy={model.takeBackBlocked(state)}
        reopen={(id) => reopenInventory(id, lookUps)}
        flow={flow}
      />
      <ScanStep
        label={t.locationField}
        description={t.locationHint}
        active={field === 'location'}
        summary={
          location === null
            ? undefined
            : `${t.location(location)}${state.expected === null ? ` · ${UNVERIFIED}` : ''}`
        }
        onEdit={() => dispatch({ type: 'changeLocation' })}
        error={model.locationProblem(state)}
        flow={flow}
      />
      <ScanStep
        label={t.productField}
        description={t.productHint}
        active={field === 'product'}
        error={state.productError}
        flow={flow}
      />
      {location === null ? <Text c="dimmed">{t.empty}</Text> : null}
      {location !== null && state.expected === null ? <Text c="orange.9">{t.unverifiedContent}</Text> : null}
      {location !== null && state.expected?.length === 0 && state.counts.length === 0 ? (
        <Text c="dimmed">{t.nothingExpected}</Text>
      ) : null}
      {location !== null && state.expected !== null && state.expected.length > 0 ? (
        <Text fw={600}>
          {t.counted(state.expected.length - model.missing(state).length, state.expected.length)}
        </Text>
      ) : null}
      <CountList
        state={state}
        disabled={write.isPending}
        onZero={(sku) => dispatch({ type: 'zeroCounted', sku })}
        onQuantity={(id, quantity) => dispatch({ type: 'quantitySet', id, quantity })}
        onRemove={(id) => dispatch({ type: 'countRemoved', id })}
        onTapped={flow.refocus}
      />
      {state.counts.length > 0 ? <Text fw={600}>{counted}</Text> : null}
      <RecentWrites
        title={t.recentTitle}
        items={state.recent.map((r) => ({ id: r.id, text: r.text, status: r.queued ? 'queued' : 'sent' }))}
      />
      {state.confirming ? (
        <Alert color="orange" role="alert" title={t.lowerTitle} p="xs">
          {lowered.map((l) => (
            <Text key={l.id} size="sm">
              {t.adjustment(l.name, l.before, l.after)}
            </Text>
          ))}
          {state.expected === null ? <Text size="sm">{t.lowerUnverified}</Text> : null}
          <Text size="sm" fw={600}>
            {t.lowerConfirm}
          </Text>
        </Alert>
      ) : null}
      <ActionBar
        validateLabel={state.confirming ? t.confirmLower : t.validate}
        canValidate={model.canSubmit(state) && !write.isPending}
        busy={write.isPending}
        onValidate={() => void submit()}
        onCancel={() => dispatch({ type: 'cancelled' })}
        cancelWhat={state.counts.length > 0 ? counted : null}
        errors={unplacedMessages(state.refusal, model.placedPath)}
        onTapped={flow.refocus}
      />
    </Stack>
  )
}
