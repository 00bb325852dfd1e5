import { createFileRoute } from '@tanstack/react-router'
import { useShop } from '@/features/access'
import { Reception } from '@/features/reception'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/shop/$shopSlug/reception')({
  component: ReceptionRoute,
})

function ReceptionRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  return (
    <>
      <PageHeader title="Réception" subtitle={shop.name} />
      <Reception shopSlug={shop.slug} />
    </>
  )
}
