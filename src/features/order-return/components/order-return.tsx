import { Button, Stack, Text } from '@mantine/core'
import { RefusedWrites } from '@/features/outbox'
import { ActionBar, FlowNotice, RecentWrites, RestoredBanner, ScanStep } from '@/features/scanning'
import { useScrapReasons, useWaitReasons } from '../api.ts'
import * as model from '../model.ts'
import { text as t } from '../text.ts'
import { useOrderReturn, type OrderReturnOptions } from '../use-order-return.ts'
import { ParcelSearch } from './parcel-search.tsx'
import { ParcelSummary } from './parcel-summary.tsx'
import { ReasonSelect } from './reason-select.tsx'
import { ReturnLines } from './return-lines.tsx'

/**
 * The reception of a returned parcel: scan the parcel (tracking number or order), choose the origin, scan
 * each item and say what becomes of it, validate one write through the outbox; the screen is then
 * ready for the next parcel. The logic is in ../model.ts and ../scan.ts.
 */
export function OrderReturn(options: OrderReturnOptions) {
  const { flow, origins, submit, busy, tap, pickOrigin, pickOrder, reopened } = useOrderReturn(options)
  const waitReasons = useWaitReasons()
  const scrapReasons = useScrapReasons()
  const { state } = flow
  const { parcel } = state
  const active = model.activeField(state)
  const errors = model.fieldErrors(state)
  const asked = state.lines.find((l) => l.id === state.askLocation)
  const needsWait = model.needsWaitReason(state)
  const todo = model.missing(state)
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <RefusedWrites
        kind="return"
        correcting={state.replaces}
        opening={options.reopen}
        busy={model.takeBackBlocked(state)}
        reopen={reopened}
        flow={flow}
      />
      <FlowNotice notice={state.notice} />
      <ScanStep
        label={t.parcelField}
        description={t.parcelHint}
        active={active === 'parcel'}
        summary={parcel === null ? undefined : parcelTitle(parcel)}
        onEdit={state.lines.length > 0 ? undefined : () => tap({ type: 'changeParcel' })}
        error={errors.parcel}
        flow={flow}
      >
        {parcel ? <ParcelSummary parcel={parcel} scanning={state.lines.length > 0} /> : null}
        {active === 'parcel' ? (
          <Button
            mt="xs"
            h={48}
            fullWidth
            variant={state.notFound ? 'filled' : 'default'}
            color="orange"
            onClick={() => tap({ type: 'parked' })}
          >
            {t.park}
          </Button>
        ) : null}
        {active === 'parcel' ? <ParcelSearch shops={options.shops} onPick={pickOrder} /> : null}
      </ScanStep>
      {parcel ? (
        <>
          <ScanStep
            label={t.itemField}
            description={t.itemHint}
            active={active === 'item'}
            error={errors.item}
            flow={flow}
          />
          {asked ? (
            <ScanStep
              label={t.locationField}
              description={t.locationHint(asked.name)}
              active
              error={errors.location}
              flow={flow}
            >
              <Button mt="xs" h={48} variant="default" onClick={() => tap({ type: 'locationSkipped' })}>
                {t.later}
              </Button>
            </ScanStep>
          ) : null}
          <ReasonSelect
            label={t.origin}
            reasons={origins}
            value={state.origin}
            loading={t.originsLoading}
            failed={t.originsError}
            empty={t.noOrigins}
            error={errors.origin}
            disabled={busy}
            onPick={pickOrigin}
          />
          {needsWait || model.mayWaitReason(state) ? (
            <ReasonSelect
              label={t.waitReason}
              description={needsWait ? t.waitReasonNeeded : t.waitReasonOptional}
              reasons={waitReasons}
              value={state.waitReason}
              loading={t.waitReasonsLoading}
              failed={t.waitReasonsError}
              error={errors.waitReason}
              disabled={busy}
              onPick={(id) => tap({ type: 'waitReasonPicked', id })}
            />
          ) : null}
          <ReturnLines
            state={state}
            scrapReasons={scrapReasons}
            disabled={busy}
            tap={tap}
            onTapped={flow.refocus}
          />
        </>
      ) : null}
      <RecentWrites title={t.recent} items={state.recent} />
      {parcel && todo.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="todo">
          {`${t.todo} ${todo.join(', ')}.`}
        </Text>
      ) : null}
      <ActionBar
        validateLabel={t.validate}
        canValidate={model.canSubmit(state) && !busy}
        busy={busy}
        onValidate={() => void submit()}
        onCancel={() => tap({ type: 'cancelled' })}
        cancelWhat={model.cancelWhat(state)}
        errors={model.barErrors(state)}
        onTapped={flow.refocus}
      />
    </Stack>
  )
}

function parcelTitle(parcel: model.Parcel): string {
  if (parcel.kind === 'order') return t.order(parcel.order.name)
  if (parcel.kind === 'unverified') return t.unverified(parcel.code)
  return t.parked
}
