import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/shipment')({
  component: ShipmentRoute,
})

function ShipmentRoute() {
  return <PageHeader title="Expédition" />
}
