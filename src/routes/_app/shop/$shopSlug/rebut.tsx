import { rebutAdd } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useShop } from '@/features/access'
import { Rebut } from '@/features/rebut'
import { PageHeader } from '@/lib/ui/page-header'
import { reopenSearch } from '@/lib/ui/reopen-search'

export const Route = createFileRoute('/_app/shop/$shopSlug/rebut')({
  // ?reopen=<outbox id>: a refused scrap opened from the outbox to be corrected.
  validateSearch: reopenSearch,
  component: () => (
    <RoleGuard roles={rebutAdd.roles}>
      <RebutRoute />
    </RoleGuard>
  ),
})

function RebutRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  return (
    <>
      <PageHeader title="Rebut" subtitle={shop.name} />
      <Rebut shopSlug={shop.slug} reopen={Route.useSearch().reopen} />
    </>
  )
}
