import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/carrier-slip')({
  component: CarrierSlipRoute,
})

function CarrierSlipRoute() {
  return <PageHeader title="Bordereau transport" />
}
