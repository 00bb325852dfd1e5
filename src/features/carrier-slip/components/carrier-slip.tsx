import { Stack, Text } from '@mantine/core'
import { ActionBar, FlowNotice, RestoredBanner, ScanStep } from '@/features/scanning'
import { closeBlock, loadView } from '../load.ts'
import { activeField, type SlipEvent } from '../model.ts'
import { text as t } from '../text.ts'
import { useCarrierSlip, type PrintManifest } from '../use-carrier-slip.ts'
import { CloseChoice } from './close-choice.tsx'
import { ClosePanel } from './close-panel.tsx'
import { ClosedCard } from './closed-card.tsx'
import { ParcelList, Preflight, SlipHead } from './slip-load.tsx'
import { SlipList } from './slip-list.tsx'

/**
 * /warehouse/carrier-slip ('Bordereau transport'), handheld and desktop: every carrier's open slip;
 * open one and scan the parcels as they are loaded at the dock; the pre-flight says what would
 * stay or miss the pickup; 'Clôturer' closes the slip and prints its manifest on the A4 printer.
 * The logic is in ../model.ts, ../load.ts and ../scan.ts.
 */
export function CarrierSlip({ onPrint }: { onPrint: PrintManifest }) {
  const { flow, list, close, retry, reprint } = useCarrierSlip(onPrint)
  const { state } = flow
  /** A tap: the event, then the focus back to the scan field. */
  const tap = (event: SlipEvent) => () => {
    flow.dispatch(event)
    flow.refocus()
  }
  const view = loadView(state)
  const block = closeBlock(view)
  const closing = state.closing !== null
  const notice = state.notice
  return (
    <Stack gap="sm" maw={960}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      {state.closed ? (
        <ClosedCard closed={state.closed} onReprint={reprint} onDismiss={tap({ type: 'closedDismissed' })} />
      ) : null}
      {view ? <SlipHead view={view} onBack={tap({ type: 'back' })} busy={closing} /> : null}
      <ScanStep
        label={t.scanField}
        description={view ? t.scanHint : t.scanHintList}
        active={activeField(state) === 'parcel'}
        flow={flow}
      />
      <FlowNotice notice={notice} />
      {view ? (
        <>
          <ParcelList
            view={view}
            onUntick={closing ? undefined : (code) => tap({ type: 'unticked', code })()}
          />
          <Preflight view={view} />
          <ClosePanel closing={state.closing} onRetry={retry} onDismiss={tap({ type: 'closeDismissed' })} />
          <CloseChoice
            view={view}
            opened={state.confirming}
            onChoose={(mode) => {
              close(mode)
              flow.refocus()
            }}
            onDismiss={tap({ type: 'closeDismissed' })}
          />
          {block ? (
            <Text size="sm" c="dimmed" data-testid="close-block">
              {block}
            </Text>
          ) : null}
          <ActionBar
            validateLabel={t.close}
            canValidate={block === null && !closing && !state.confirming}
            busy={closing && !state.closing?.failed}
            onValidate={() => flow.dispatch({ type: 'closeAsked' })}
            errors={state.closeError ? [state.closeError] : []}
            onTapped={flow.refocus}
          />
        </>
      ) : (
        <SlipList
          groups={list.data?.groups}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          onOpen={(group) => tap({ type: 'opened', group })()}
        />
      )}
    </Stack>
  )
}
