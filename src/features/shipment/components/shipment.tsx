import '@mantine/core/styles/InlineInput.css' // the switch's row (laid out inline without it)
import '@mantine/core/styles/Switch.css'
import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core'
import { FlowNotice, RestoredBanner, ScanField } from '@/features/scanning'
import { expectedLabel, reprintTarget } from '../labels.ts'
import { busy } from '../model.ts'
import { activeField } from '../steps.ts'
import type { ShipmentState } from '../state.ts'
import { text as t } from '../text.ts'
import { useShipment, type ShipmentPrint } from '../use-shipment.ts'
import { PutBackCard, ReprintCard, VerifyCard } from './label-cards.tsx'
import { MonoPanel } from './mono-panel.tsx'
import { MultiPanel } from './multi-panel.tsx'
import { FailureCard } from './recovery.tsx'

/** The scan field's label and what to scan, at this step. */
function fieldOf(state: ShipmentState): { label: string; hint: string } {
  const label = expectedLabel(state)
  if (label) return { label: t.fieldLabel, hint: t.hintLabel(label.order, label.n, label.count) }
  if (state.mono) return { label: t.fieldProduct, hint: t.hintProduct(state.mono.batch.batch.name) }
  if (state.multi) return { label: t.fieldItem, hint: t.hintItem(state.multi.order.order.name) }
  return { label: t.fieldStart, hint: t.hintStart }
}

/**
 * /warehouse/shipment ('Expédition'), for the handheld and the packing-station desktop: scan a mono
 * batch then each unit (its label prints at once), or a multi order (or its tote) then its units
 * into parcels; every label is scanned back when the station verifies; a carrier's refusal waits
 * on the side with its recovery while the next scan goes on. The logic is in ../model.ts, ../scan.ts
 * and ../send.ts; this only wires it.
 */
export function Shipment({ print }: { print: ShipmentPrint }) {
  const { flow, waiting, resend, validate, retry, setAside, reprint, setVerify } = useShipment(print)
  const { state, dispatch, refocus } = flow
  const active = activeField(state)
  const field = fieldOf(state)
  const unsent = state.mono?.pending.length ?? 0
  return (
    <Stack gap="sm" maw={1100}>
      <Switch
        size="md"
        label={t.verifySwitch}
        description={t.verifySwitchHint}
        checked={state.verify}
        onChange={(e) => {
          setVerify(e.currentTarget.checked)
          refocus()
        }}
      />
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      {waiting ? (
        <Alert color="orange" p="xs" role="status" data-testid="waiting">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{state.multi?.sending?.waiting ? t.multiWaiting : t.waiting(unsent)}</Text>
            <Button h={40} variant="default" onClick={resend}>
              {t.sendNow}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          <FlowNotice notice={state.notice} />
          {state.putBack ? (
            <PutBackCard
              putBack={state.putBack}
              onDismiss={() => (dispatch({ type: 'putBackDismissed' }), refocus())}
            />
          ) : null}
          <ScanField
            label={field.label}
            description={field.hint}
            onScan={flow.scan}
            pending={flow.pending}
            // The weight field has the focus while it is the active one.
            focusSignal={active === 'weight' ? undefined : flow.focusSignal}
          />
          {unsent > 0 && !waiting ? (
            <Text size="sm" c="dimmed" role="status">
              {t.sending(unsent)}
            </Text>
          ) : null}
          <VerifyCard labels={state.verify ? state.toVerify : []} />
          {state.mono ? (
            <MonoPanel
              mono={state.mono}
              canLeave={!busy(state)}
              onLeave={() => (dispatch({ type: 'left' }), refocus())}
            />
          ) : null}
          {state.multi ? (
            <MultiPanel
              multi={state.multi}
              weighNow={active === 'weight'}
              actions={{
                onBox: (box) => dispatch({ type: 'boxChosen', box }),
                onWeight: (grams) => dispatch({ type: 'weightTyped', grams }),
                onConfirmWeight: () => dispatch({ type: 'weightConfirmed' }),
                onNewParcel: () => dispatch({ type: 'parcelAdded' }),
                onValidate: validate,
                onLeave: () => dispatch({ type: 'left' }),
                onTapped: refocus,
              }}
            />
          ) : null}
        </Stack>
        <Stack gap="sm">
          {state.failures.map((failure) => (
            <FailureCard
              key={failure.order}
              failure={failure}
              actions={{
                onRetry: retry,
                onService: (order, service) => dispatch({ type: 'failureService', order, service }),
                onSetAside: setAside,
                onTapped: refocus,
              }}
            />
          ))}
          <ReprintCard target={reprintTarget(state)} onReprint={() => (reprint(), refocus())} />
        </Stack>
      </SimpleGrid>
    </Stack>
  )
}
