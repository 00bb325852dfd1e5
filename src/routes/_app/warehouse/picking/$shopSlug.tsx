import { Anchor } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { accessKeys, RoleGuard, ShopGuard } from '@/features/access'
import { PickingShop, pickingText } from '@/features/picking'
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
  const queryClient = useQueryClient()
  // A print takes orders: the access profile's orderCount (the menu's picking badge) follows.
  const refreshAccess = () => void queryClient.invalidateQueries({ queryKey: accessKeys.all })
  return (
    <ShopGuard slug={shopSlug}>
      {(shop) => (
        <>
          <PageHeader
            title="Picking"
            subtitle={shop.name}
            actions={
              <Anchor renderRoot={(props) => <Link to="/warehouse/picking" {...props} />} py={14}>
                {pickingText.otherShops}
              </Anchor>
            }
          />
          <PickingShop key={shop.slug} shop={shop} onPrinted={refreshAccess} />
        </>
      )}
    </ShopGuard>
  )
}
