import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { OutboxScreen, outboxText } from '@/features/outbox'
import { PageHeader } from '@/lib/ui/page-header'

/** The outbox (header indicator, account drawer): any signed-in user; the writes of this device. */
export const Route = createFileRoute('/_app/outbox')({
  component: OutboxRoute,
})

function OutboxRoute() {
  const navigate = useNavigate()
  return (
    <>
      <PageHeader title={outboxText.title} subtitle={outboxText.subtitle} />
      <OutboxScreen onReopen={(href) => void navigate({ href })} />
    </>
  )
}
