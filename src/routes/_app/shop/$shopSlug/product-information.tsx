import { createFileRoute } from '@tanstack/react-router'
import { useShop } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/shop/$shopSlug/product-information')({
  component: ProductInformationRoute,
})

function ProductInformationRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  return <PageHeader title="Information produit" subtitle={shop.name} />
}
