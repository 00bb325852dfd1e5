import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useAccess } from '@/features/access'
import { OrderReturnScreen } from '@/features/order-return'
import { PageHeader } from '@/lib/ui/page-header'
import { reopenSearch } from '@/lib/ui/reopen-search'

export const Route = createFileRoute('/_app/warehouse/order-return')({
  // ?reopen=<outbox id>: a refused return opened from the outbox to be corrected.
  validateSearch: reopenSearch,
  component: () => (
    <RoleGuard roles={['ReturnProduct']}>
      <OrderReturnRoute />
    </RoleGuard>
  ),
})

function OrderReturnRoute() {
  // The order is shown before the items are scanned only to a user who may read orders (Print);
  // without it the return is entered as scanned and the server finds the order at validation.
  const access = useAccess()
  const preview = access.warehouse?.roles.includes('Print') ?? false
  return (
    <>
      <PageHeader title="Retour" />
      <OrderReturnScreen preview={preview} shops={access.shops} reopen={Route.useSearch().reopen} />
    </>
  )
}
