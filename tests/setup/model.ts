/**
 * Set-up of the 'model' project (vite.config.ts): nothing for the files that run in Node; the
 * client's for those that ask for jsdom (// @vitest-environment jsdom).
 */
export {}

if (typeof window !== 'undefined') await import('./client.ts')
