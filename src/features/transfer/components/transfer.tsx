import { Button, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { RefusedWrites, useStockWrite } from '@/features/outbox'
import {
  ActionBar,
  LineList,
  RecentWrites,
  refusalOf,
  RestoredBanner,
  ScanStep,
  useScanFlow,
} from '@/features/scanning'
import { locationContentQuery } from '@/lib/queries/stock'
import { showToast } from '@/lib/ui/toast'
import { transferDraft } from '../draft.ts'
import * as model from '../model.ts'
import { transferReopen, transferScan } from '../scan.ts'
import { text as t } from '../text.ts'
import { SourceContent, SourceLink } from './source-content.tsx'

/**
 * /warehouse/transfer: scan the source, the products to move (or 'Tout le contenu'), the
 * destination; validate one write through the outbox. The logic is in ../model.ts and ../scan.ts.
 */
export function Transfer({ reopen }: { reopen?: number }) {
  const client = useQueryClient()
  const write = useStockWrite<'transfer'>()
  const lookUps = { location: (name: string) => client.fetchQuery(locationContentQuery(name)) }
  const flow = useScanFlow({
    model: model.transferModel,
    onScan: transferScan(lookUps),
    draft: transferDraft,
    load: reopen === undefined ? undefined : transferReopen(reopen, lookUps),
  })
  const { state, dispatch } = flow

  const submit = () =>
    flow.run(async () => {
      const current = flow.current()
      if (!model.canSubmit(current)) return
      const { write: transfer, label, moved, ids } = model.transferWrite(current)
      try {
        const result = await write.submit({
          write: transfer,
          label,
          replaces: current.replaces,
          draft: flow.draftKey,
        })
        // Another tap or Enter while this write was on its way: it is the same write.
        if (result === null) return
        const queued = result.status === 'queued'
        dispatch({ type: 'sent', moved, queued })
        const done = model.movedText(moved)
        showToast(
          queued
            ? { color: 'orange', message: `${t.queuedPrefix} ${done}` }
            : { color: 'green', message: done },
        )
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error), ids })
      }
    })
  /** A tap: the event, then the focus back to the field that takes the next scan. */
  const tap = (event: model.TransferEvent) => () => {
    dispatch(event)
    flow.refocus()
  }

  const { source, destination } = state
  const active = model.activeField(state)
  const errors = model.fieldErrors(state)
  const goods = model.hasGoods(state)
  const busy = write.isPending
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <RefusedWrites
        kind="transfer"
        correcting={state.replaces}
        opening={reopen}
        busy={model.takeBackBlocked(state)}
        reopen={(id) => transferReopen(id, lookUps)()}
        flow={flow}
      />
      <ScanStep
        label={t.sourceField}
        description={t.sourceHint}
        active={active === 'source'}
        summary={source ? <SourceLink name={source.name} /> : undefined}
        onEdit={goods ? undefined : () => dispatch({ type: 'changeSource' })}
        error={errors.source}
        flow={flow}
      >
        {source ? <SourceContent source={source} /> : null}
      </ScanStep>
      {source ? (
        <>
          <ScanStep
            label={t.productField}
            description={goods ? t.productOrDestinationHint : t.productHint}
            active={active === 'product'}
            summary={model.chosenText(state)}
            onEdit={() => dispatch({ type: 'changeProducts' })}
            error={errors.product}
            flow={flow}
          >
            {active === 'product' ? (
              <Group grow gap="xs" mt="xs" wrap="nowrap">
                <Button
                  h={48}
                  variant={state.all ? 'filled' : 'light'}
                  disabled={busy}
                  onClick={tap({ type: 'allChosen' })}
                >
                  {t.allContent}
                </Button>
                {destination === null ? (
                  <Button
                    h={48}
                    variant="light"
                    disabled={busy || !goods}
                    onClick={tap({ type: 'destinationAsked' })}
                  >
                    {t.askDestination}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </ScanStep>
          <ScanStep
            label={t.destinationField}
            description={t.destinationHint}
            active={active === 'destination'}
            summary={
              destination
                ? (destination.verified ? t.destination : t.destinationUnverified)(destination.name)
                : undefined
            }
            onEdit={() => dispatch({ type: 'changeDestination' })}
            error={errors.destination}
            flow={flow}
          />
          {state.all ? (
            <Text>{t.allSelected}</Text>
          ) : state.lines.length === 0 ? (
            <Text c="dimmed">{t.pickProducts}</Text>
          ) : null}
          <LineList
            lines={state.lines.map((l) => ({
              ...l,
              title: l.name,
              detail: l.sku ?? l.code,
              note: l.max === null ? t.unverifiedProduct : undefined,
              max: model.limitOf(l),
              error: model.lineError(l),
            }))}
            disabled={busy}
            onQuantity={(id, quantity) => dispatch({ type: 'quantitySet', id, quantity })}
            onRemove={(id) => dispatch({ type: 'lineRemoved', id })}
            onTapped={flow.refocus}
          />
          {state.lines.length > 0 ? <Text fw={600}>{model.chosenText(state)}</Text> : null}
        </>
      ) : null}
      <RecentWrites title={t.lastTransfer} items={state.recent} />
      <ActionBar
        validateLabel={t.validate}
        canValidate={model.canSubmit(state) && !busy}
        busy={busy}
        onValidate={() => void submit()}
        onCancel={() => dispatch({ type: 'cancelled' })}
        cancelWhat={model.cancelWhat(state)}
        errors={model.barErrors(state)}
        onTapped={flow.refocus}
      />
    </Stack>
  )
}
