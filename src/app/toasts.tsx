/**
 * docs/specification.md §9 toasts: top-right, at most 4 visible, 4000 ms, width 300, close button, expanded list.
 * The container is not part of the first screen: it mounts at the first toast or a moment after
 * the first screen shows, whichever comes first (see lib/ui/toast.ts).
 */
import { useEffect, useState } from 'react'
import './toasts.css'
import { loadToasts, onFirstScreenShown, onToastWanted } from '@/lib/ui/toast'

type NotificationsModule = Awaited<ReturnType<typeof loadToasts>>
const IDLE_MOUNT_MS = 2000

/**
 * Loaded by hand, not with React.lazy: a lazy component whose chunk fails to load (offline before
 * the service worker held it) throws into the render and took the whole app down to a blank page,
 * with the worker's session and its waiting scans out of reach (issue 31). A failed load now
 * waits for the next toast or the network's return, the app untouched.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false)
  const [failed, setFailed] = useState(false)
  const [module, setModule] = useState<NotificationsModule | null>(null)
  useEffect(() => {
    if (wanted) return
    const want = () => setWanted(true)
    const unsubscribe = onToastWanted(want)
    let timer: number | undefined
    // After a failure, no idle retry: the next toast or the network's return tries again.
    const stopWaiting = failed
      ? () => undefined
      : onFirstScreenShown(() => {
          timer = window.setTimeout(want, IDLE_MOUNT_MS)
        })
    if (failed) window.addEventListener('online', want)
    return () => {
      unsubscribe()
      stopWaiting()
      window.clearTimeout(timer)
      window.removeEventListener('online', want)
    }
  }, [wanted, failed])
  useEffect(() => {
    if (!wanted || module) return
    let live = true
    loadToasts().then(
      (loaded) => live && setModule(loaded),
      () => {
        if (!live) return
        setFailed(true)
        setWanted(false)
      },
    )
    return () => {
      live = false
    }
  }, [wanted, module])
  if (!module) return null
  const { Notifications } = module
  return (
    <Notifications position="top-right" limit={4} autoClose={4000} containerWidth={300} layout="default" />
  )
}
