import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard } from '@/features/access'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/picking-session')({
  component: () => (
    <RoleGuard roles={['Picking']}>
      <PickingSessionRoute />
    </RoleGuard>
  ),
})

function PickingSessionRoute() {
  return <PageHeader title="Picking scan" />
}
