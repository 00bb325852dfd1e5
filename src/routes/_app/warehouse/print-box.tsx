import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/print-box')({
  component: PrintBoxRoute,
})

function PrintBoxRoute() {
  return <PageHeader title="Impression caisse" />
}
