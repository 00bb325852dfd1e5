import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { scannerEndsWithEnter } from './scanner.ts'

/**
 * Renders a screen as the page of a minimal memory router that knows the paths its links go to,
 * so the links resolve (and can be checked by their href).
 */
export function renderWithRouter(screen: () => ReactNode) {
  const rootRoute = createRootRoute({ component: screen })
  const routeTree = rootRoute.addChildren(
    [
      '/',
      '/warehouse/location-information',
      '/warehouse/order-information/$order',
      '/shop/$shopSlug/product-information',
    ].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => null })),
  )
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  scannerEndsWithEnter()
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return userEvent.setup()
}
