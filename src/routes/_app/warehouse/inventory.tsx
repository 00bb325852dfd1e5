import { inventoryCount } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { Inventory } from '@/features/inventory'
import { PageHeader } from '@/lib/ui/page-header'
import { reopenSearch } from '@/lib/ui/reopen-search'

/**
 * docs/specification.md §2.4 lists /warehouse/inventory as a disabled navigation item with no route; the Inventory
 * role reaches it from the home screen (src/app/shop-tasks.tsx).
 */
export const Route = createFileRoute('/_app/warehouse/inventory')({
  // ?reopen=<outbox id>: a refused count opened from the outbox to be corrected.
  validateSearch: reopenSearch,
  component: () => (
    <RoleGuard roles={inventoryCount.roles}>
      <InventoryRoute />
    </RoleGuard>
  ),
})

function InventoryRoute() {
  return (
    <>
      <PageHeader title="Inventaire" />
      <Inventory reopen={Route.useSearch().reopen} />
    </>
  )
}
