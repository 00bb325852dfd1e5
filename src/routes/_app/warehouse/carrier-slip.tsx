import { carrierSlipList } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { CarrierSlip } from '@/features/carrier-slip'
import { usePrint } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

// The contract's roles, Barcode as in the menu (docs/specification.md §2.4): a user the server would refuse is told
// so here rather than shown a screen whose close fails (issue 31).
export const Route = createFileRoute('/_app/warehouse/carrier-slip')({
  component: () => (
    <RoleGuard roles={carrierSlipList.roles}>
      <CarrierSlipRoute />
    </RoleGuard>
  ),
})

function CarrierSlipRoute() {
  const print = usePrint()
  return (
    <>
      <PageHeader title="Bordereau transport" />
      {/* The manifest goes to the A4 printer; usePrint records it in the print history. */}
      <CarrierSlip onPrint={(document) => print({ document, use: 'a4' })} />
    </>
  )
}
