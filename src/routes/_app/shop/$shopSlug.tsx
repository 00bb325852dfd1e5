import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ShopGuard } from '@/features/access'

export const Route = createFileRoute('/_app/shop/$shopSlug')({
  component: ShopArea,
})

function ShopArea() {
  const { shopSlug } = Route.useParams()
  return <ShopGuard slug={shopSlug}>{() => <Outlet />}</ShopGuard>
}
