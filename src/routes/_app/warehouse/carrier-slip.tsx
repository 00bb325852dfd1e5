import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/carrier-slip')({
  component: () => (
    <RoleGuard roles={['Barcode']}>
      <CarrierSlipRoute />
    </RoleGuard>
  ),
})

function CarrierSlipRoute() {
  return <PageHeader title="Bordereau transport" />
}
