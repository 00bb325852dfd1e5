import { Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { RefusedWrites, useStockWrite } from '@/features/outbox'
import {
  ActionBar,
  RecentWrites,
  refusalOf,
  RestoredBanner,
  ScanStep,
  useScanFlow,
} from '@/features/scanning'
import { locationContentQuery } from '@/lib/queries/stock'
import { showToast } from '@/lib/ui/toast'
import { useRebutReasons } from '../api.ts'
import * as model from '../model.ts'
import { rebutReopen, rebutScan } from '../scan.ts'
import { text as t } from '../text.ts'
import { LocationContent } from './location-content.tsx'
import { PickedProduct } from './picked-product.tsx'
import { ReasonPicker } from './reason-picker.tsx'
import { WholeStockConfirm } from './whole-stock-confirm.tsx'

/**
 * /shop/{shopSlug}/rebut: scan the source location, the damaged product, set the quantity, pick a
 * reason, validate one write through the outbox. The location and the reason stay for the next
 * scrap. The logic is in ../model.ts and ../scan.ts.
 */
export function Rebut({ shopSlug, reopen }: { shopSlug: string; reopen?: number }) {
  const client = useQueryClient()
  const reasons = useRebutReasons()
  const write = useStockWrite<'rebut'>()
  const lookUps = { location: (name: string) => client.fetchQuery(locationContentQuery(name)) }
  const flow = useScanFlow({
    model: model.rebutModel,
    onScan: rebutScan(shopSlug, lookUps),
    draft: model.rebutDraft(shopSlug),
    load: reopen === undefined ? undefined : rebutReopen(reopen, shopSlug, lookUps),
  })
  const { state, dispatch } = flow
  const reasonLabel = (id: number) => reasons.data?.find((r) => r.id === id)?.label ?? t.reasonNumber(id)

  /** 'Valider' (confirmed: the whole-stock question's own button), behind the scans made before it. */
  const submit = (confirmed: boolean) =>
    flow.run(async () => {
      const current = flow.current()
      const next = model.validation(current, confirmed)
      if (next === 'ask') dispatch({ type: 'confirmAsked' })
      if (next !== 'send') return
      const { write: scrap, name } = model.rebutWrite(current, shopSlug)
      const { code, quantity, location, reason } = scrap.body
      const label = reasonLabel(reason)
      try {
        const result = await write.submit({
          write: scrap,
          label: t.label(quantity, code, location, label),
          replaces: current.replaces,
          draft: flow.draftKey,
        })
        // Another tap or Enter while this write was on its way: it is the same write.
        if (result === null) return
        const queued = result.status === 'queued'
        dispatch({ type: 'sent', body: scrap.body, name, reasonLabel: label, queued })
        showToast(
          queued
            ? { color: 'orange', message: t.queued(quantity, location) }
            : { color: 'green', message: t.done(quantity, location) },
        )
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error) })
      }
    })

  const { source, product } = state
  const errors = model.fieldErrors(state)
  const busy = write.isPending
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <RefusedWrites
        kind="rebut"
        shopSlug={shopSlug}
        correcting={state.replaces}
        opening={reopen}
        busy={model.takeBackBlocked(state)}
        reopen={(id) => rebutReopen(id, shopSlug, lookUps)()}
        flow={flow}
      />
      <ScanStep
        label={t.locationField}
        description={t.locationHint}
        active={model.activeField(state) === 'location'}
        summary={
          source === null
            ? undefined
            : source.stock
              ? t.locationContent(source.name)
              : t.location(source.name)
        }
        onEdit={() => dispatch({ type: 'changeLocation' })}
        error={errors.location}
        flow={flow}
      >
        {source ? <LocationContent source={source} /> : null}
      </ScanStep>
      {source ? (
        <>
          <ScanStep
            label={t.productField}
            description={t.productHint}
            active={model.activeField(state) === 'product'}
            error={errors.code}
            flow={flow}
          />
          {product ? (
            <PickedProduct
              product={product}
              quantity={state.quantity}
              error={errors.quantity}
              disabled={busy}
              onType={(value) => dispatch({ type: 'quantityTyped', value })}
              onStep={(by) => dispatch({ type: 'quantityStepped', by })}
              onDone={flow.refocus}
            />
          ) : (
            <Text c="dimmed">{t.pickProduct}</Text>
          )}
          <ReasonPicker
            reasons={reasons}
            value={state.reason}
            error={errors.reason}
            disabled={busy}
            onPick={(id) => {
              dispatch({ type: 'reasonPicked', id })
              flow.refocus()
            }}
          />
        </>
      ) : null}
      <RecentWrites title={t.recent} items={state.recent} />
      <WholeStockConfirm
        question={
          state.confirming && source && product
            ? t.confirmWhole(product.name, source.name, Number(state.quantity))
            : null
        }
        busy={busy}
        onConfirm={() => void submit(true).then(flow.refocus)}
        onBack={() => {
          dispatch({ type: 'confirmDismissed' })
          flow.refocus()
        }}
      />
      <ActionBar
        validateLabel={t.validate}
        canValidate={model.canSubmit(state) && !busy}
        busy={busy}
        onValidate={() => void submit(false)}
        onCancel={() => dispatch({ type: 'cancelled' })}
        cancelWhat={model.cancelWhat(state)}
        errors={model.barErrors(state)}
        onTapped={flow.refocus}
      />
    </Stack>
  )
}
