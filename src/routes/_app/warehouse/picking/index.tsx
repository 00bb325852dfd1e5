import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useAccess } from '@/features/access'
import { PickingShops, pickingText } from '@/features/picking'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/picking/')({
  component: () => (
    <RoleGuard roles={['Picking']}>
      <PickingShopsRoute />
    </RoleGuard>
  ),
})

function PickingShopsRoute() {
  const { shops } = useAccess()
  return (
    <>
      <PageHeader title="Picking" subtitle={pickingText.shopsSubtitle} />
      <PickingShops shops={shops} />
    </>
  )
}
