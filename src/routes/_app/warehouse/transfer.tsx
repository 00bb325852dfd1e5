import { warehouseTransfer } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { Transfer } from '@/features/transfer'
import { PageHeader } from '@/lib/ui/page-header'
import { reopenSearch } from '@/lib/ui/reopen-search'

export const Route = createFileRoute('/_app/warehouse/transfer')({
  // ?reopen=<outbox id>: a refused transfer opened from the outbox to be corrected.
  validateSearch: reopenSearch,
  component: () => (
    <RoleGuard roles={warehouseTransfer.roles}>
      <TransferRoute />
    </RoleGuard>
  ),
})

function TransferRoute() {
  return (
    <>
      <PageHeader title="Transfert / Rangement" />
      <Transfer reopen={Route.useSearch().reopen} />
    </>
  )
}
