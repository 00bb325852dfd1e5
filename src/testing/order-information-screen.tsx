/** What the order detail's screen tests share: the detail as the route shows it, in a memory router. */
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  OrderDetailScreen,
  type OrderDetailScreenProps,
} from '@/features/order-information/components/order-detail'

/** The router knows the screens the detail links to: the search it goes back to, and 'Colis'. */
export function renderOrderDetail(
  order: string,
  { q, print = async () => undefined }: Partial<Pick<OrderDetailScreenProps, 'q' | 'print'>> = {},
) {
  const root = createRootRoute({ component: Outlet })
  const routes = [
    createRoute({
      getParentRoute: () => root,
      path: '/warehouse/order-information',
      component: () => 'recherche',
    }),
    createRoute({ getParentRoute: () => root, path: '/warehouse/packaging', component: () => 'colis' }),
    createRoute({
      getParentRoute: () => root,
      path: '/warehouse/order-information/$order',
      component: () => <OrderDetailScreen order={order} q={q} print={print} />,
    }),
  ]
  const history = createMemoryHistory({ initialEntries: [`/warehouse/order-information/${order}`] })
  const router = createRouter({ routeTree: root.addChildren(routes), history })
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { user: userEvent.setup(), router }
}
