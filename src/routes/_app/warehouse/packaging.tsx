import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/packaging')({
  component: PackagingRoute,
})

function PackagingRoute() {
  return <PageHeader title="Colis" />
}
