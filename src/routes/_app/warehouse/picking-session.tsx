import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useAccess } from '@/features/access'
import { PickingSession } from '@/features/picking-session'
import { usePrint } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'

export const Route = createFileRoute('/_app/warehouse/picking-session')({
  component: () => (
    <RoleGuard roles={['Picking']}>
      <PickingSessionRoute />
    </RoleGuard>
  ),
})

function PickingSessionRoute() {
  const { shops } = useAccess()
  const print = usePrint()
  return (
    <>
      <PageHeader title="Picking scan" />
      <PickingSession shops={shops} onPrint={(document) => print({ document, use: 'a4' })} />
    </>
  )
}
