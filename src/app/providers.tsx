import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect } from 'react'
import { subscribeToken } from '@/lib/session'
import type { createAppRouter } from './router.tsx'
import { Toasts } from './toasts.tsx'
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
      // The theme's CSS variables ship in theme-variables.css, built from the theme beforehand:
      // computing and writing them cost the sign-in page ~20 ms of a mid-range phone's start.
      withCssVariables={false}
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  )
}
