import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { BoxLabels } from '@/features/labels'
import { usePrint, usePrinters } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/print-box')({
  component: () => (
    <RoleGuard roles={['Barcode']}>
      <PrintBoxRoute />
    </RoleGuard>
  ),
})

function PrintBoxRoute() {
  const print = usePrint()
  // A label printer on a raw queue (ZPL) gets the labels as ZPL, raw.
  const format = usePrinters().printerFor('label')?.language ?? 'pdf'
  return (
    <>
      <PageHeader title="Impression caisse" />
      <BoxLabels format={format} onPrint={(document) => print({ document, use: 'label' })} />
    </>
  )
}
