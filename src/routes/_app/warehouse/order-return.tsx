import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/order-return')({
  component: OrderReturnRoute,
})

function OrderReturnRoute() {
  return <PageHeader title="Retour" />
}
