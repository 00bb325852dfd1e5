import { receptionAdd } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useShop } from '@/features/access'
import { Reception } from '@/features/reception'
import { PageHeader } from '@/lib/ui/page-header'
import { reopenSearch } from '@/lib/ui/reopen-search'

export const Route = createFileRoute('/_app/shop/$shopSlug/reception')({
  // ?reopen=<outbox id>: a refused reception opened from the outbox to be corrected.
  validateSearch: reopenSearch,
  component: () => (
    <RoleGuard roles={receptionAdd.roles}>
      <ReceptionRoute />
    </RoleGuard>
  ),
})

function ReceptionRoute() {
  const shop = useShop(Route.useParams().shopSlug)
  return (
    <>
      <PageHeader title="Réception" subtitle={shop.name} />
      <Reception shopSlug={shop.slug} reopen={Route.useSearch().reopen} />
    </>
  )
}
