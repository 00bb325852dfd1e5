import { createFileRoute } from '@tanstack/react-router'
import { RoleGuard, useAccess } from '@/features/access'
import { OrderSearch, orderInformationText } from '@/features/order-information'
import { PageHeader } from '@/lib/ui/page-header'
import { isString, isStringOrInt, optionalSearch } from '@/lib/ui/search-params'

export const Route = createFileRoute('/_app/warehouse/order-information/')({
  // The router reads `?q=100023` as a number: a typed-in link with a numeric order still opens.
  validateSearch: optionalSearch({ q: isStringOrInt, shop: isString }),
  component: () => (
    <RoleGuard roles={['Print']}>
      <OrderSearchRoute />
    </RoleGuard>
  ),
})

function OrderSearchRoute() {
  const { q, shop } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { shops } = useAccess()
  const searchOf = (next: { q: string; shop?: string }) => ({
    ...(next.q ? { q: next.q } : {}),
    ...(next.shop ? { shop: next.shop } : {}),
  })
  return (
    <>
      <PageHeader title={orderInformationText.title} />
      <OrderSearch
        q={q === undefined ? undefined : String(q)}
        shop={shop}
        shops={shops}
        // Each search is a history entry: back shows the previous one.
        onSearch={(next) => void navigate({ search: searchOf(next) })}
        onOpen={async (order, next) => {
          // The search stays behind the detail: back lands on its list, which does not open again.
          await navigate({ search: searchOf(next), replace: true })
          await navigate({
            to: '/warehouse/order-information/$order',
            params: { order },
            search: { q: next.q },
          })
        }}
      />
    </>
  )
}
