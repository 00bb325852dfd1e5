/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Separate backend origin; empty = same origin as the app. */
  readonly VITE_API_HOST?: string
  /** Set at build time (vite.config.ts): the kept query cache of another build is dropped. */
  readonly VITE_BUILD_ID?: string
  /** Sentry DSN; empty = error reporting off. */
  readonly VITE_SENTRY_DSN?: string
}
