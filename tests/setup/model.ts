/**
 * Set-up of the 'model' project (tests/setup/projects.ts): the VM context's shims for every file;
 * the client's whole set-up for those that ask for jsdom (// @vitest-environment jsdom).
 */
import './vm-context.ts'

if (typeof window !== 'undefined') await import('./client.ts')
