/** contract/endpoints.ts spreads the endpoint modules it lists: a module left out would register nothing. */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { endpoints } from './endpoints.ts'

it('holds every endpoint that a module of contract/endpoints/ exports, under its exported name', async () => {
  const dir = join(import.meta.dirname, 'endpoints')
  const exported: Record<string, unknown> = {}
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(join(dir, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'method' in value && 'path' in value) exported[name] = value
    }
  }
  expect(Object.keys(exported).length).toBeGreaterThan(90)
  expect(Object.keys(endpoints).sort()).toEqual(Object.keys(exported).sort())
  for (const [name, def] of Object.entries(endpoints)) expect(def, name).toBe(exported[name])
})
