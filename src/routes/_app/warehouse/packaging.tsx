import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/packaging')({
  component: () => (
    <RoleGuard roles={['Shipping']}>
      <PackagingRoute />
    </RoleGuard>
  ),
})

function PackagingRoute() {
  return <PageHeader title="Colis" />
}
