import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect } from 'react'
import { subscribeToken } from '@/lib/session'
import type { createAppRouter } from './router.tsx'
import { classNamesPrefix, colorSchemeManager, defaultColorScheme, theme } from './theme.ts'

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Follows the token (this tab or another): when it goes, the previous user's cached data goes
 * with it and the guards re-run, which lands on /login; when it comes, /login moves on.
 */
function useTokenFollower(router: AppRouter, queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeToken((token) => {
        if (token === null) queryClient.clear()
        void router.invalidate()
      }),
    [router, queryClient],
  )
}

export function AppProviders({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  useTokenFollower(router, queryClient)
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme}
      classNamesPrefix={classNamesPrefix}
    >
      {/* SPEC §9 toasts: top-right, at most 4, 4000 ms, width 300, close button. */}
      <Notifications position="top-right" limit={4} autoClose={4000} containerWidth={300} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  )
}
