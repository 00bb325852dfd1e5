/**
 * Registers the service worker (sw/sw.ts, built to /sw.js) in production builds, and offers a new
 * version when one is waiting. Loaded lazily by src/main.tsx once the first screen is up, so
 * workbox-window is not part of the first-screen bundle.
 *
 * Updates (registerType 'prompt'): a new worker installs and waits; the page never reloads by itself,
 * only after the user's 'Mettre à jour', so a scan is never cut off.
 */
import { Workbox } from 'workbox-window'
import { showUpdatePrompt } from './update-prompt.ts'

/** How often an open app asks the server for a new version (besides when the tab comes back). */
const UPDATE_CHECK_MS = 60 * 60 * 1000

let started = false

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || started) return
  started = true

  const wb = new Workbox('/sw.js', { scope: '/' })
  // Also fires at start when a worker was already waiting (a version left for 'Plus tard').
  wb.addEventListener('waiting', () => showUpdatePrompt(() => activateWaitingWorker(wb)))

  const checkForUpdate = () => void wb.update().catch(() => undefined) // offline: try again later
  void wb
    .register()
    .then(() => {
      window.setInterval(checkForUpdate, UPDATE_CHECK_MS)
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate()
      })
    })
    .catch((error: unknown) => console.warn('service worker registration failed', error))
}

/** The user accepted: the waiting worker takes over, then the page reloads on the new version. */
function activateWaitingWorker(wb: Workbox): void {
  wb.addEventListener('controlling', () => window.location.reload())
  wb.messageSkipWaiting()
}
