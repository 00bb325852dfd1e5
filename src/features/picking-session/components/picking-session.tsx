import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { PICKING_COMMANDS, type PickingCommand, type PrintDocument } from '@contract'
import { ActionBar, FlowNotice, parseScan, ScanStep } from '@/features/scanning'
import { activeField, sessionView } from '../model.ts'
import { text as t } from '../text.ts'
import { usePickingSession } from '../use-picking.ts'
import { CommandsSheetButton } from './commands-sheet.tsx'
import { StartPanel, type ShopChoice } from './start-panel.tsx'
import { RedoList } from './redo-list.tsx'
import { ClosingCard, SummaryCard } from './summary.tsx'
import { SessionProgress, TaskCard } from './task-card.tsx'

/**
 * /warehouse/picking-session ('Picking scan'), handheld first: open a session (a printed list's
 * name, or the next ready orders), then pick by scanning: the location, then each unit; 'Passer',
 * 'Manquant' and 'Clôturer' as buttons and as command barcodes. Every pick goes through the outbox,
 * so the session carries on through a Wi-Fi gap. The logic is in ../model.ts and ../scan.ts.
 */
export function PickingSession({
  shops,
  onPrint,
}: {
  shops: ShopChoice[]
  onPrint?: (document: PrintDocument) => Promise<void>
}) {
  const { flow, waiting, start, dismiss } = usePickingSession()
  const { state } = flow
  /** A tap on a command does what scanning its barcode does, in the same queue. */
  const tap = (command: PickingCommand) => () => {
    void flow.scan(parseScan(PICKING_COMMANDS[command], 'manual'))
    flow.refocus()
  }
  const printButton = (withHint?: boolean) =>
    onPrint ? <CommandsSheetButton onPrint={onPrint} onDone={flow.refocus} withHint={withHint} /> : null

  if (state.phase === 'opening') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.opening}</Text>
      </Group>
    )
  }
  const active = activeField(state)
  if (state.phase === 'start' || state.phase === 'closed') {
    return (
      <Stack gap="md" maw={720}>
        {state.summary && state.session ? (
          <SummaryCard batch={state.session.batch.name} summary={state.summary} />
        ) : null}
        <StartPanel
          flow={flow}
          active={active === 'list'}
          error={state.startError}
          shops={shops}
          busy={flow.pending > 0}
          onStart={start}
        />
        {printButton(true)}
      </Stack>
    )
  }

  const { task, done, total, atTask, hint, after } = sessionView(state)
  const notice = state.notice
  const unsent = state.ops.length
  const closing = state.phase === 'closing'
  const confirmShort = state.confirming === 'short'
  return (
    <Stack gap="sm" maw={720}>
      {state.offline ? (
        <Alert color="orange" p="xs" role="status">
          {t.offline}
        </Alert>
      ) : null}
      <SessionProgress batch={state.session?.batch.name ?? ''} done={done} total={total} />
      <FlowNotice notice={notice} />
      <RedoList
        redo={state.redo}
        onDone={(id) => {
          dismiss(id)
          flow.refocus()
        }}
      />
      {task ? <TaskCard task={task} confirmed={atTask} /> : <Alert color="green">{t.allDone}</Alert>}
      <ScanStep label={t.scanField} description={hint} active={active === 'pick'} flow={flow} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {after}
        </Text>
        {unsent > 0 ? (
          <Text size="sm" c="orange.9" data-testid="unsent">
            {t.queued(unsent)}
          </Text>
        ) : null}
      </Group>
      {closing ? (
        <ClosingCard
          waiting={waiting}
          error={state.closeError}
          onResume={() => {
            flow.dispatch({ type: 'closeCancelled' })
            flow.refocus()
          }}
          onRetry={tap('close')}
        />
      ) : null}
      {printButton()}
      <ActionBar
        validateLabel={state.confirming === 'close' ? t.confirm : t.close}
        canValidate={!closing}
        busy={closing && state.closeError === null}
        onValidate={tap('close')}
        errors={[]}
        onTapped={flow.refocus}
      >
        <Button h={48} px={4} variant="default" disabled={!task || closing} onClick={tap('skip')}>
          {t.skip}
        </Button>
        <Button
          h={48}
          px={4}
          variant={confirmShort ? 'filled' : 'light'}
          color={confirmShort ? 'red' : 'orange'}
          disabled={!task || closing}
          onClick={tap('short')}
          aria-label={confirmShort ? t.confirmShortButton : undefined}
        >
          {confirmShort ? t.confirm : t.short}
        </Button>
      </ActionBar>
    </Stack>
  )
}
