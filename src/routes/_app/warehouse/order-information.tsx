import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/order-information')({
  component: () => (
    <RoleGuard roles={['Print']}>
      <OrderInformationRoute />
    </RoleGuard>
  ),
})

function OrderInformationRoute() {
  return <PageHeader title="Information commande" />
}
