/**
 * Where the API lives and what kind of environment this is. {host} of docs/specification.md §7.1 is the page's own
 * origin unless VITE_API_HOST names a separate backend at build time.
 */
const configuredHost: string = import.meta.env.VITE_API_HOST || globalThis.location?.origin || ''

export const apiHost = configuredHost.replace(/\/+$/, '')

/**
 * docs/specification.md §9: a development or local environment is recognised when {host} contains one of two
 * markers. Ours: 'localhost' (a developer's machine, the demo) and '.dev.' (a staging host such
 * as https://api.dev.example.fr).
 */
export const DEV_HOST_MARKERS = ['localhost', '.dev.'] as const

export function isDevEnvironment(host: string): boolean {
  return DEV_HOST_MARKERS.some((marker) => host.includes(marker))
}

export const isDevHost = isDevEnvironment(apiHost)

/** docs/specification.md §9 constants used across features. */
export const TOKEN_STORAGE_KEY = 'token'
export const THEME_STORAGE_KEY = 'theme-mode'
export const ACCESS_POLL_MS = 60_000
export const IP_REPORT_MS = 60_000
