import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/order-return')({
  component: () => (
    <RoleGuard roles={['ReturnProduct']}>
      <OrderReturnRoute />
    </RoleGuard>
  ),
})

function OrderReturnRoute() {
  return <PageHeader title="Retour" />
}
