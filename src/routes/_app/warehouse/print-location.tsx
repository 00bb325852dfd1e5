import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { LocationLabels } from '@/features/labels'
import { useLabelFormat, usePrint } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/print-location')({
  component: () => (
    <RoleGuard roles={['Barcode']}>
      <PrintLocationRoute />
    </RoleGuard>
  ),
})

function PrintLocationRoute() {
  const print = usePrint()
  const format = useLabelFormat()
  return (
    <>
      <PageHeader title="Impression emplacement" />
      <LocationLabels format={format} onPrint={(document) => print({ document, use: 'label' })} />
    </>
  )
}
