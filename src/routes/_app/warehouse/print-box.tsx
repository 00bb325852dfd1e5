import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { BoxLabels } from '@/features/labels'
import { useLabelFormat, usePrint } from '@/features/printing'
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
  const format = useLabelFormat()
  return (
    <>
      <PageHeader title="Impression caisse" />
      <BoxLabels format={format} onPrint={(document) => print({ document, use: 'label' })} />
    </>
  )
}
