/**
 * The workstation this browser was named as (issue 16), kept in this browser only. An
 * administrator names it from the admin area when the server cannot find the workstation by its
 * IP: Chrome masks the local IP, and behind a proxy or NAT the request's source address is not the
 * workstation's. The printing calls then send it (WORKSTATION_HEADER), and the name comes first.
 * Other tabs follow through the storage event.
 */
import { WORKSTATION_HEADER } from '@contract'

const KEY = 'workstation-name'

type Listener = () => void
const listeners = new Set<Listener>()
const notify = () => listeners.forEach((listener) => listener())

export function getWorkstationName(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) || null
  } catch {
    return null // Storage refused: the IP and the source address still find the workstation.
  }
}

/** Names this browser as the workstation `name`; null forgets it. False when storage refused it. */
export function setWorkstationName(name: string | null): boolean {
  try {
    if (name === null) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, name)
    return true
  } catch {
    return false
  } finally {
    notify()
  }
}

export function subscribeWorkstationName(listener: Listener): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/** What the printing calls send: the header, URI-encoded (a header carries Latin-1 only). */
export function workstationHeaders(name: string | null): Record<string, string> | undefined {
  return name ? { [WORKSTATION_HEADER]: encodeURIComponent(name) } : undefined
}
