import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/shipment')({
  component: () => (
    <RoleGuard roles={['Shipping']}>
      <ShipmentRoute />
    </RoleGuard>
  ),
})

function ShipmentRoute() {
  return <PageHeader title="Expédition" />
}
