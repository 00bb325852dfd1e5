/**
 * SPEC §9 toasts: top-right, at most 4 visible, 4000 ms, width 300, close button, expanded list.
 * The container is not part of the first screen: it mounts at the first toast or a moment after
 * the first screen shows, whichever comes first (see lib/ui/toast.ts).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import './toasts.css'
import { loadToasts, onFirstScreenShown, onToastWanted } from '@/lib/ui/toast'

const Notifications = lazy(() => loadToasts().then((m) => ({ default: m.Notifications })))
const IDLE_MOUNT_MS = 2000

export function Toasts() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (mounted) return
    const mount = () => setMounted(true)
    const unsubscribe = onToastWanted(mount)
    let timer: number | undefined
    const stopWaiting = onFirstScreenShown(() => {
      timer = window.setTimeout(mount, IDLE_MOUNT_MS)
    })
    return () => {
      unsubscribe()
      stopWaiting()
      window.clearTimeout(timer)
    }
  }, [mounted])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} autoClose={4000} containerWidth={300} layout="default" />
    </Suspense>
  )
}
