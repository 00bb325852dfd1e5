import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { ORDER_STATUS_LABELS } from '@contract'
import { FlowNotice, RestoredBanner, ScanStep, unplacedMessages } from '@/features/scanning'
import { activeField, canEdit, canResume, parcelActions, type PackagingEvent } from '../model.ts'
import { text as t } from '../text.ts'
import { usePackaging, type Print } from '../use-packaging.ts'
import { CarrierRefusal } from './carrier-refusal.tsx'
import { ExceptionNotice } from './exception-notice.tsx'
import { ManualNumber } from './manual-number.tsx'
import { OrderSummary } from './order-summary.tsx'
import { ParcelCard } from './parcel-card.tsx'
import { ParcelsEdit } from './parcels-edit.tsx'

/**
 * /warehouse/packaging ('Colis'), handheld first: scan an order (or one of its tracking numbers,
 * or its tote), see its parcels; before labelling change a box, a weight or the units of each
 * parcel and save them as a whole; label a parcel (printed on the label printer), reprint, void a
 * label, record a number made elsewhere, or take up an order set aside in exception ('Reprendre').
 * The logic is in ../model.ts, ../scan.ts and ../use-packaging.ts.
 */
export function Packaging({ onPrint }: { onPrint: Print }) {
  const { flow, actions } = usePackaging(onPrint)
  const { state, dispatch } = flow
  const tap = (event: PackagingEvent) => () => {
    dispatch(event)
    flow.refocus()
  }
  const { view, busy, notice } = state
  const active = activeField(state)
  const busyFor = (seq: number) => (busy && busy.seq === seq ? busy.action : null)
  // A number refused (format, already used) is said under its field; anything else in the alert.
  const manualError = state.manualFor !== null ? state.refusal?.message : undefined
  const errors = manualError ? [] : unplacedMessages(state.refusal, (path) => /^parcels\.\d+\./.test(path))
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <ScanStep
        label={active === 'order' ? t.orderField : t.nextField}
        description={active === 'order' ? t.orderHint : t.nextHint}
        active
        error={state.lookUpError ?? undefined}
        flow={flow}
      />
      {state.looking || busy?.action === 'refresh' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t.loading(state.looking ?? view?.order.name ?? '')}</Text>
        </Group>
      ) : null}
      <FlowNotice notice={notice} />
      {view ? (
        <>
          <OrderSummary view={view} edit={state.edit} />
          {view.order.status === 'exception' ? (
            <ExceptionNotice
              order={view.order.name}
              hold={view.hold}
              busy={busy?.action === 'resume'}
              disabled={!canResume(state)}
              onResume={() => (actions.resume(), flow.refocus())}
            />
          ) : null}
          {state.carrierRefusal ? (
            <CarrierRefusal
              view={view}
              refusal={state.carrierRefusal}
              service={state.service}
              busy={busy !== null}
              onService={(service) => dispatch({ type: 'serviceChosen', service })}
              onRetry={() => actions.label(state.carrierRefusal?.seq ?? 0)}
              onManual={() => dispatch({ type: 'manualOpened', seq: state.carrierRefusal?.seq ?? 0 })}
            />
          ) : null}
          {state.edit ? (
            <ParcelsEdit flow={flow} onSave={actions.save} />
          ) : (
            <>
              {view.parcels.length === 0 ? <Text c="dimmed">{t.noParcel}</Text> : null}
              {view.parcels.map((parcel) => (
                <ParcelCard
                  key={parcel.seq}
                  parcel={parcel}
                  allowed={parcelActions(state, parcel)}
                  busy={busyFor(parcel.seq)}
                  selected={state.selected === parcel.seq}
                  onLabel={() => actions.label(parcel.seq)}
                  onReprint={() => actions.reprint(parcel.seq)}
                  onVoid={() => actions.void(parcel.seq)}
                  onManual={() => dispatch({ type: 'manualOpened', seq: parcel.seq })}
                >
                  {state.manualFor === parcel.seq ? (
                    <ManualNumber
                      seq={parcel.seq}
                      busy={busy?.action === 'manual'}
                      error={manualError}
                      onSubmit={(number) => actions.manual(parcel.seq, number)}
                      onClose={tap({ type: 'manualClosed' })}
                    />
                  ) : null}
                </ParcelCard>
              ))}
              {canEdit(state) ? (
                <Button
                  h={48}
                  variant="light"
                  disabled={busy !== null}
                  onClick={tap({ type: 'editStarted' })}
                >
                  {t.edit}
                </Button>
              ) : view.order.status !== 'labelled' && view.order.status !== 'exception' ? (
                <Text size="sm" c="dimmed">
                  {t.notPackable(ORDER_STATUS_LABELS[view.order.status])}
                </Text>
              ) : null}
            </>
          )}
        </>
      ) : null}
      {errors.length > 0 ? (
        <Alert color="red" role="alert" title={t.refusedTitle} p="xs">
          {errors.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      ) : null}
    </Stack>
  )
}
