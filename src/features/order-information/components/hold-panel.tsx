import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { OrderDetail, OrderHold } from '@contract'
import { useState } from 'react'
import { OrderHoldNotice } from '@/lib/ui/order-hold-notice'
import { decideShortPick, orderInformationKeys } from '../api.ts'
import { decisionSaid, decisionsOf, type DecisionChoice } from '../short-pick.ts'
import { orderInformationText as text } from '../text.ts'

const t = text.hold

/**
 * Why the order is in exception (issue 31), with the way out where it is: for a short pick, the
 * supervisor's three decisions, each confirmed before it is sent, the screen redrawn from the
 * answer; for an order set aside at packing, the way to 'Colis'.
 */
export function HoldPanel({ detail }: { detail: OrderDetail }) {
  // What the decision said (the units to put away, the crate freed): it outlives the panel, which
  // goes with the exception, so the supervisor knows what to do with the crate's units.
  const [decided, setDecided] = useState<string | null>(null)
  const { hold } = detail
  if (decided !== null && detail.order.status !== 'exception')
    return (
      <Alert color="green" role="status" data-testid="order-hold-decided">
        {decided}
      </Alert>
    )
  if (detail.order.status !== 'exception' || !hold) return null
  if (hold.kind === 'set_aside') return <SetAside hold={hold} />
  return <ShortPick detail={detail} hold={hold} onDecided={setDecided} />
}

function SetAside({ hold }: { hold: OrderHold }) {
  return (
    <OrderHoldNotice hold={hold} title={t.setAsideTitle} testId="order-hold">
      <Text size="sm">{t.setAsideHint}</Text>
      <div>
        <Button h={48} variant="light" renderRoot={(props) => <Link to="/warehouse/packaging" {...props} />}>
          {t.openPackaging}
        </Button>
      </div>
    </OrderHoldNotice>
  )
}

function ShortPick({
  detail,
  hold,
  onDecided,
}: {
  detail: OrderDetail
  hold: OrderHold
  onDecided: (said: string) => void
}) {
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState<DecisionChoice | null>(null)
  const order = detail.order.name
  const mutation = useMutation({
    mutationFn: (choice: DecisionChoice) => decideShortPick(order, choice.decision),
    meta: { errorToast: false },
    // The answer is the order's detail: the screen redraws from it (the panel goes with the exception).
    onSuccess: (answer) => {
      setAsked(null)
      onDecided(decisionSaid(answer, hold))
      queryClient.setQueryData(orderInformationKeys.detail(order), answer)
      void queryClient.invalidateQueries({ queryKey: [...orderInformationKeys.all, 'short-picks'] })
    },
    // Refused: the order may have moved on (another supervisor decided). Read it again, so the
    // screen shows where it is now rather than buttons the server will refuse again.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderInformationKeys.detail(order) }),
  })
  const choices = decisionsOf(detail)
  return (
    <OrderHoldNotice hold={hold} title={t.shortTitle} testId="order-hold">
      <Text size="sm">{detail.order.partialAllowed ? t.consent : t.noConsent}</Text>
      {asked ? (
        <Stack gap="xs" role="group" aria-label={t.confirmTitle(asked.label)}>
          <Text size="sm" fw={600}>
            {t.confirmTitle(asked.label)}
          </Text>
          <Text size="sm">{asked.hint}</Text>
          <Group gap="xs">
            <Button h={48} loading={mutation.isPending} onClick={() => mutation.mutate(asked)}>
              {t.confirm}
            </Button>
            <Button h={48} variant="default" disabled={mutation.isPending} onClick={() => setAsked(null)}>
              {t.back}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={6}>
          {choices.map((choice) => (
            <div key={choice.decision}>
              <Button
                h={48}
                variant={choice.decision === 'cancel' ? 'outline' : 'light'}
                disabled={choice.disabled !== null}
                onClick={() => {
                  mutation.reset()
                  setAsked(choice)
                }}
              >
                {choice.label}
              </Button>
              {choice.disabled ? (
                <Text size="xs" mt={2}>
                  {choice.disabled}
                </Text>
              ) : null}
            </div>
          ))}
        </Stack>
      )}
      {mutation.error ? (
        <Alert color="red" role="alert" p="xs">
          {mutation.error.message}
        </Alert>
      ) : null}
    </OrderHoldNotice>
  )
}
