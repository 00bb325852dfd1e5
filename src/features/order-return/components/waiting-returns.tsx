import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { FlowNotice } from '@/features/scanning'
import { messages } from '@/lib/messages'
import { useWaitingReturns } from '../use-waiting-returns.ts'
import { waitingText as t } from '../text.ts'
import { WaitingCard } from './waiting-card.tsx'

/** 'Retours en attente': each waiting return attached to its order once found, or closed as it is. */
export function WaitingReturns() {
  const { list, state, dispatch, pending, resolve, busy } = useWaitingReturns()
  return (
    <Stack gap="md" maw={720}>
      <FlowNotice notice={state.notice} />
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t.loading}</Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" title={t.loadError}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button variant="default" h={48} loading={list.isFetching} onClick={() => void list.refetch()}>
              {messages.errors.retry}
            </Button>
          </Stack>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t.none}</Text>
      ) : (
        list.data.map((item) => (
          <WaitingCard
            key={item.number}
            item={item}
            attaching={state.attaching === item.number}
            closing={state.closing === item.number}
            pending={pending.has(item.number)}
            busy={busy}
            error={state.errors[item.number]}
            onAttach={() => dispatch({ type: 'attachAsked', number: item.number })}
            onClose={() => dispatch({ type: 'closeAsked', number: item.number })}
            onBack={() => dispatch({ type: 'dismissed' })}
            onResolve={(order) => void resolve(item.number, order)}
          />
        ))
      )}
    </Stack>
  )
}
