import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { BoxLabels } from '@/features/labels'
import { usePrint } from '@/features/printing'
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
  return (
    <>
      <PageHeader title="Impression caisse" />
      <BoxLabels onPrint={(document) => print({ document, use: 'label' })} />
    </>
  )
}
