/**
 * Owns the auth token: localStorage key 'token', stored JSON-quoted (docs/specification.md §3). Every part of the
 * app reads it through here; other tabs learn of changes through the 'storage' event.
 */
import { TOKEN_STORAGE_KEY } from '../config.ts'
import { isUsableToken } from './jwt.ts'

type Listener = (token: string | null) => void
const listeners = new Set<Listener>()

function readStored(): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY)
    if (raw === null) return null
    const value: unknown = JSON.parse(raw)
    return typeof value === 'string' && value !== '' ? value : null
  } catch {
    return null
  }
}

let current: string | null = readStored()

export function getToken(): string | null {
  return current
}

function emit() {
  for (const listener of listeners) listener(current)
}

/** Signing in sets the token and persists it; null clears it (which sends the user to /login). */
export function setToken(token: string | null): void {
  if (token === current) return
  // Storage first: if it throws (quota, privacy mode) the in-memory state stays truthful.
  if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY)
  else localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token))
  current = token
  emit()
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * docs/specification.md §4 start-up: a stored token that is expired or cannot be decoded is cleared (silent logout).
 * Also follows the token across tabs. Call once, before the router first resolves.
 */
export function initTokenStore(): void {
  current = readStored()
  if (current !== null && !isUsableToken(current)) setToken(null)
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return
    const next = readStored()
    if (next !== current) {
      current = next
      emit()
    }
  })
}
