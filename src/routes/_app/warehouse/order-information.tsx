import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/order-information')({
  component: OrderInformationRoute,
})

function OrderInformationRoute() {
  return <PageHeader title="Information commande" />
}
