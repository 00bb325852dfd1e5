import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { PICKING_COMMANDS, type PickingCommand, type PrintDocument } from '@contract'
import { ActionBar, parseScan, ScanStep } from '@/features/scanning'
import { showToast } from '@/lib/ui/toast'
import { useCommandsSheet } from '../api.ts'
import * as model from '../model.ts'
import { text as t } from '../text.ts'
import { usePickingSession } from '../use-picking.ts'
import { StartPanel, type ShopChoice } from './start-panel.tsx'
import { ClosingCard, SummaryCard } from './summary.tsx'
import { SessionProgress, TaskCard } from './task-card.tsx'

const noticeColor = { success: 'green.9', warning: 'orange.9', error: 'red.8' } as const

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
  const { flow, waiting, start } = usePickingSession()
  const { state } = flow
  const sheet = useCommandsSheet()
  /** A tap on a command does what scanning its barcode does, in the same queue. */
  const tap = (command: PickingCommand) => () => {
    void flow.scan(parseScan(PICKING_COMMANDS[command], 'manual'))
    flow.refocus()
  }
  const printCommands = async () => {
    try {
      await onPrint?.(await sheet.mutateAsync())
      showToast({ color: 'green', message: t.printed })
    } catch (error) {
      showToast({ color: 'red', message: error instanceof Error ? error.message : String(error) })
    }
    flow.refocus()
  }
  const printButton = onPrint ? (
    <Button
      h={48}
      variant="default"
      leftSection={<IconPrinter size={18} />}
      loading={sheet.isPending}
      onClick={() => void printCommands()}
    >
      {t.printCommands}
    </Button>
  ) : null

  if (state.phase === 'opening') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.opening}</Text>
      </Group>
    )
  }
  const active = model.activeField(state)
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
        {printButton}
        {onPrint ? (
          <Text size="sm" c="dimmed">
            {t.printCommandsHint}
          </Text>
        ) : null}
      </Stack>
    )
  }

  const tasks = model.tasksOf(state)
  const task = model.currentTask(tasks)
  const next = model.nextTask(tasks)
  const { done, total } = model.progressOf(tasks)
  const atTask = task !== null && model.sameName(state.atLocation, task.location)
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
      {notice ? (
        <Text
          fw={600}
          c={noticeColor[notice.tone]}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          {notice.text}
        </Text>
      ) : null}
      {task ? (
        <TaskCard task={task} atLocation={state.atLocation} />
      ) : (
        <Alert color="green">{t.allDone}</Alert>
      )}
      <ScanStep
        label={t.scanField}
        description={
          task ? (atTask ? t.scanProduct(task.product.name) : t.scanLocation(task.location)) : undefined
        }
        active={active === 'pick'}
        flow={flow}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {next ? t.next(next.location) : task ? t.lastTask : ''}
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
      {printButton}
      <ActionBar
        validateLabel={state.confirming === 'close' ? t.confirm : t.close}
        canValidate={!closing}
        busy={closing && state.closeError === null}
        onValidate={tap('close')}
        errors={state.refusals}
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
