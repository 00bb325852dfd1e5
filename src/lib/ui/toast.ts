/**
 * The one way to show a toast. @mantine/notifications is loaded on the first toast (or by the
 * shell once idle), never with the first screen; a toast asked for meanwhile is shown once it has.
 */
import type * as MantineNotifications from '@mantine/notifications'

export interface Toast {
  message: string
  title?: string
  color?: 'red' | 'green' | 'orange' | 'blue'
}

type NotificationsModule = typeof MantineNotifications
let loading: Promise<NotificationsModule> | null = null
const wanted = new Set<() => void>()

export function loadToasts(): Promise<NotificationsModule> {
  // A failed load (offline before the service worker had the chunk) is forgotten, so the next
  // toast tries again instead of every later toast failing with it.
  loading ??= import('@mantine/notifications').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** The shell mounts its toast container when this fires (first toast). */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener)
  return () => wanted.delete(listener)
}

let firstScreenOn = false
const firstScreenListeners = new Set<() => void>()

/**
 * Said by the first screens (the sign-in form, the shell) once they show: the toast container loads
 * a moment later, so a slow start (printing context, a weak network) does not fetch it before them.
 */
export function firstScreenShown(): void {
  if (firstScreenOn) return
  firstScreenOn = true
  for (const listener of firstScreenListeners) listener()
}

/** Calls the listener once a first screen shows (at once if one has). */
export function onFirstScreenShown(listener: () => void): () => void {
  if (firstScreenOn) {
    listener()
    return () => undefined
  }
  firstScreenListeners.add(listener)
  return () => firstScreenListeners.delete(listener)
}

/**
 * Every toast gone, those shown and those waiting behind the four shown. The toasts live in
 * @mantine/notifications' module store, which outlives the screen that showed them: the screen
 * tests call this between two tests (tests/setup/client.ts), or a test's toast waits up to 4 s
 * behind the toasts of the tests before it.
 */
export async function clearToasts(): Promise<void> {
  const module = await loading?.catch(() => null)
  module?.notifications.clean()
}

export function showToast(toast: Toast): void {
  for (const listener of wanted) listener()
  loadToasts().then(
    ({ notifications }) => notifications.show({ ...toast }),
    () => undefined,
  )
}
