import { createFileRoute } from '@tanstack/react-router'
import { OutboxScreen, outboxText } from '@/features/outbox'
import { PageHeader } from '@/lib/ui/page-header'

/** The outbox (header indicator, account drawer): any signed-in user; the writes of this device. */
export const Route = createFileRoute('/_app/outbox')({
  component: () => (
    <>
      <PageHeader title={outboxText.title} subtitle={outboxText.subtitle} />
      <OutboxScreen />
    </>
  ),
})
