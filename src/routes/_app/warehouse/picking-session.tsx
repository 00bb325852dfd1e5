import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/picking-session')({
  component: PickingSessionRoute,
})

function PickingSessionRoute() {
  return <PageHeader title="Picking scan" />
}
