import { createFileRoute } from '@tanstack/react-router'
import { useShop } from '@/features/access'
import { Rebut } from '@/features/rebut'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/shop/$shopSlug/rebut')({
  component: RebutRoute,
})

function RebutRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  return (
    <>
      <PageHeader title="Rebut" subtitle={shop.name} />
      <Rebut shopSlug={shop.slug} />
    </>
  )
}
