import { Card, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { loadReopened, RefusedWrites, useStockWrite } from '@/features/outbox'
import {
  ActionBar,
  LineList,
  refusalOf,
  RestoredBanner,
  FlowNotice,
  ScanStep,
  totalsText,
  unplacedMessages,
  useScanFlow,
} from '@/features/scanning'
import { expectedReceptionKeys } from '@/lib/queries/expected-receptions'
import { locationContentQuery, shopProductQuery } from '@/lib/queries/stock'
import { showToast } from '@/lib/ui/toast'
import { receptionDraft } from '../draft.ts'
import { choiceFor } from '../delivery.ts'
import * as expected from '../expected.ts'
import * as model from '../model.ts'
import { moveLine, receptionScan, unverifiedNote } from '../scan.ts'
import { text as t } from '../text.ts'
import { useDelivery } from '../use-delivery.ts'
import { CloseDelivery } from './close-delivery.tsx'
import { ExpectedPicker } from './expected-picker.tsx'
import { ExpectedTally } from './expected-tally.tsx'
import { LineLocation } from './line-location.tsx'

/**
 * /shop/{shopSlug}/reception: choose the expected delivery (or none), scan the destination, then
 * the products received; correct the lines; validate them in one write through the outbox; close
 * the delivery. The logic is in ../model.ts, ../expected.ts and ../scan.ts.
 */
export function Reception({ shopSlug, reopen }: { shopSlug: string; reopen?: number }) {
  const client = useQueryClient()
  const write = useStockWrite<'reception'>()
  const lookUps = {
    location: (name: string) => client.fetchQuery(locationContentQuery(name)),
    product: (code: string) => client.fetchQuery(shopProductQuery(shopSlug, code)),
  }
  /** A refused reception from the outbox (`?reopen=`, or 'Reprendre' on the screen), to correct. */
  const reopened = async (id: number) => {
    const found = await loadReopened('reception', id, shopSlug)
    return (
      found && {
        type: 'reopened' as const,
        body: found.write.body,
        refusal: found.refusal,
        outboxId: found.outboxId,
        expected: choiceFor(
          found.write.body.expected,
          client.getQueryData(expectedReceptionKeys.list(shopSlug)),
        ),
      }
    )
  }
  const flow = useScanFlow({
    model: model.receptionModel,
    onScan: receptionScan(lookUps),
    draft: receptionDraft(shopSlug),
    load: reopen === undefined ? undefined : () => reopened(reopen),
  })
  const { state, dispatch } = flow
  const delivery = useDelivery(shopSlug, flow)

  const submit = () =>
    flow.run(async () => {
      const current = flow.current()
      if (!model.canSubmit(current)) return
      const { write: body, label, ids } = model.receptionWrite(current, shopSlug)
      try {
        const result = await write.submit({
          write: body,
          label,
          replaces: current.replaces,
          draft: flow.draftKey,
        })
        if (result === null) return
        const queued = result.status === 'queued'
        dispatch({ type: 'sent', ids, queued })
        const articles = body.body.lines.reduce((n, l) => n + l.quantity, 0)
        showToast(
          queued ? { color: 'orange', message: t.queued } : { color: 'green', message: t.done(articles) },
        )
      } catch (error) {
        dispatch({ type: 'refused', refusal: refusalOf(error), ids })
      }
    })

  const articles = model.countArticles(state.lines)
  const destination = state.destination
  return (
    <Stack gap="md" maw={720}>
      <RestoredBanner restored={flow.restored} onDismiss={flow.dismissRestored} />
      <RefusedWrites
        kind="reception"
        shopSlug={shopSlug}
        correcting={state.replaces}
        opening={reopen}
        busy={model.takeBackBlocked(state)}
        reopen={reopened}
        flow={flow}
      />
      <ExpectedPicker
        list={delivery.list}
        choices={delivery.choices}
        chosen={state.expected}
        disabled={write.isPending || delivery.closing}
        onChoose={(choice) => dispatch({ type: 'expectedChosen', choice })}
        onDone={flow.refocus}
      />
      <ScanStep
        label={t.destinationField}
        description={t.destinationHint}
        active={model.activeField(state) === 'destination'}
        summary={destination === null ? undefined : t.destination(destination)}
        onEdit={() => dispatch({ type: 'changeDestination' })}
        error={state.destinationError}
        flow={flow}
      />
      <ScanStep
        label={t.productField}
        description={t.productHint}
        active={model.activeField(state) === 'product'}
        error={state.productError}
        flow={flow}
      />
      <FlowNotice notice={state.scanNote ? { tone: 'warning', text: state.scanNote } : null} />
      {state.lines.length === 0 ? (
        <Text c="dimmed">{destination ? t.emptyWithDestination : t.empty}</Text>
      ) : null}
      <LineList
        lines={state.lines.map((l) => ({
          ...l,
          title: l.name,
          detail: l.sku ?? l.code,
          note: l.verified ? undefined : unverifiedNote,
          max: model.MAX_QUANTITY,
        }))}
        disabled={write.isPending}
        onQuantity={(id, quantity) => dispatch({ type: 'quantitySet', id, quantity })}
        onRemove={(id) => dispatch({ type: 'lineRemoved', id })}
        extra={(line) => (
          <LineLocation
            name={line.title}
            location={line.location}
            disabled={write.isPending}
            onMove={(location) => void flow.run(() => moveLine(location, line.id, flow.handle, lookUps))}
            onDone={flow.refocus}
          />
        )}
        onTapped={flow.refocus}
      />
      {state.lines.length > 0 ? <Text fw={600}>{totalsText(state.lines.length, articles)}</Text> : null}
      {state.last ? (
        <Card withBorder>
          <Text fw={600}>{t.lastReception}</Text>
          <Text size="sm">{totalsText(state.last.lines, state.last.articles)}</Text>
          <Text size="sm" c={state.last.queued ? 'orange.9' : 'dimmed'}>
            {state.last.queued ? t.lastQueued : t.lastSent}
          </Text>
        </Card>
      ) : null}
      {state.expected ? (
        <>
          <ExpectedTally
            reference={state.expected.reference}
            rows={expected.tallyOf(state)}
            loading={delivery.notice.isPending}
            problem={expected.choiceProblem(state) ?? delivery.noticeRefused}
          />
          <CloseDelivery
            asking={state.closeAsked}
            question={expected.closeQuestion(state)}
            error={state.closeError}
            busy={delivery.closing}
            onAsk={() => dispatch({ type: 'closeAsked' })}
            onConfirm={() => void delivery.close()}
            onBack={() => dispatch({ type: 'closeDismissed' })}
            onTapped={flow.refocus}
          />
        </>
      ) : null}
      <ActionBar
        validateLabel={t.validate}
        canValidate={model.canSubmit(state) && !write.isPending}
        busy={write.isPending}
        onValidate={() => void submit()}
        onCancel={() => dispatch({ type: 'cancelled' })}
        cancelWhat={state.lines.length > 0 ? totalsText(state.lines.length, articles) : null}
        errors={unplacedMessages(state.refusal, (path) => /^lines\.\d+\./.test(path))}
        onTapped={flow.refocus}
      />
    </Stack>
  )
}
