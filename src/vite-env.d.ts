/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Separate backend origin; empty = same origin as the app. */
  readonly VITE_API_HOST?: string
  /** Sentry DSN; empty = error reporting off. */
  readonly VITE_SENTRY_DSN?: string
}
