import { shipmentOrderMono } from '@contract'
import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { usePrint } from '@/features/printing'
import { Shipment } from '@/features/shipment'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/shipment')({
  component: () => (
    <RoleGuard roles={shipmentOrderMono.roles}>
      <ShipmentRoute />
    </RoleGuard>
  ),
})

function ShipmentRoute() {
  // Labels go to the station's label printer, packing slips to its A4 one (the screen says which);
  // usePrint records each in the print history.
  const print = usePrint()
  return (
    <>
      <PageHeader title="Expédition" />
      <Shipment print={print} />
    </>
  )
}
