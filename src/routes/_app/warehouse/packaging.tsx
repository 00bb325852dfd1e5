import { trackingNumberList } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { Packaging } from '@/features/packaging'
import { usePrint } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/packaging')({
  component: () => (
    <RoleGuard roles={trackingNumberList.roles}>
      <PackagingRoute />
    </RoleGuard>
  ),
})

function PackagingRoute() {
  const print = usePrint()
  return (
    <>
      <PageHeader title="Colis" />
      {/* Carrier labels are ZPL: the station's label printer. */}
      <Packaging onPrint={(document) => print({ document, use: 'label' })} />
    </>
  )
}
