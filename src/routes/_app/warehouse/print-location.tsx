import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/print-location')({
  component: PrintLocationRoute,
})

function PrintLocationRoute() {
  return <PageHeader title="Impression emplacement" />
}
