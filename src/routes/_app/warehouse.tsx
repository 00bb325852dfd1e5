import { createFileRoute, Outlet } from '@tanstack/react-router'
import { WarehouseGuard } from '@/features/access'

export const Route = createFileRoute('/_app/warehouse')({
  component: () => (
    <WarehouseGuard>
      <Outlet />
    </WarehouseGuard>
  ),
})
