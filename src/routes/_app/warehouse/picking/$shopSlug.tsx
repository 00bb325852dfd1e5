import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, ShopGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/picking/$shopSlug')({
  component: () => (
    <RoleGuard roles={['Picking']}>
      <ShopPickingRoute />
    </RoleGuard>
  ),
})

function ShopPickingRoute() {
  const { shopSlug } = Route.useParams()
  return <ShopGuard slug={shopSlug}>{(shop) => <PageHeader title="Picking" subtitle={shop.name} />}</ShopGuard>
}
