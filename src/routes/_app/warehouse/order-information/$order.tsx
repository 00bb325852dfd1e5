import { createFileRoute, Link } from '@tanstack/react-router'
import { Anchor } from '@mantine/core'
import { RoleGuard } from '@/features/access'
import { OrderDetailScreen, orderInformationText } from '@/features/order-information'
import { usePrint } from '@/features/printing'
import { PageHeader } from '@/lib/ui/page-header'
import { isStringOrInt, optionalSearch } from '@/lib/ui/search-params'

export const Route = createFileRoute('/_app/warehouse/order-information/$order')({
  // `q`: the search the order was opened from, for the way back (a number when typed in by hand).
  validateSearch: optionalSearch({ q: isStringOrInt }),
  component: () => (
    <RoleGuard roles={['Print']}>
      <OrderDetailRoute />
    </RoleGuard>
  ),
})

function OrderDetailRoute() {
  const { order } = Route.useParams()
  const search = Route.useSearch()
  const q = search.q === undefined ? undefined : String(search.q)
  // Labels go to the station's label printer, customization PDFs to its A4 one; usePrint records
  // each in the print history.
  const print = usePrint()
  return (
    <>
      <PageHeader
        title={orderInformationText.title}
        subtitle={order}
        actions={
          <Anchor
            renderRoot={(props) => (
              <Link to="/warehouse/order-information" search={q ? { q } : {}} {...props} />
            )}
            py={14}
          >
            {orderInformationText.detail.backToSearch}
          </Anchor>
        }
      />
      <OrderDetailScreen key={order} order={order} q={q} print={print} />
    </>
  )
}
