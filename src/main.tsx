/** Boot order (docs/architecture.md "Layout"): session -> query client (restored) -> router -> render -> monitoring. */
import '@fontsource-variable/public-sans'
import './app/styles.ts'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers.tsx'
import { createQueryClient } from './app/query-client.ts'
import { persistQueries } from './app/query-persistence.ts'
import { createAppRouter } from './app/router.tsx'
import { reportError, startMonitoring } from './lib/monitoring'
import { initTokenStore } from './lib/session'

initTokenStore()
const queryClient = createQueryClient()

// docs/specification.md §8: a screen that fails to load raises a preload error event; Vite fires it when a
// route chunk cannot be fetched. The router shows the screen's error state; we report it.
window.addEventListener('vite:preloadError', (event) =>
  reportError((event as Event & { payload?: unknown }).payload),
)

/** Lets the browser handle input and paint between two steps of the start (a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The start, in tasks short enough not to block a mid-range phone (issue 15: the sign-in page's
 * total blocking time): the modules' evaluation, then the router (its route tree), then the kept
 * queries and the first screen's code and data, then the render.
 */
async function start() {
  await nextTask()
  const router = createAppRouter(queryClient)

  // The boot splash of index.html stays until the first screen (code and data) has rendered.
  const removeBootSplash = router.subscribe('onRendered', () => {
    removeBootSplash()
    requestAnimationFrame(() => document.getElementById('boot-splash')?.remove())
    window.setTimeout(() => void import('./app/pwa/register.ts').then((m) => m.registerServiceWorker()), 3000)
  })

  // The kept profile and reference lists come back first: offline, the app opens on them. The
  // first screen's code and data are then loaded before React renders anything, so it renders
  // once, not a pending state and then the screen; and as a transition, in slices that leave the
  // main thread free between them.
  await persistQueries(queryClient)
    .then(() => router.load())
    .catch(reportError)
  await nextTask()
  const root = createRoot(document.getElementById('root') as HTMLElement)
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  )
}

start().catch(reportError)
void startMonitoring()
