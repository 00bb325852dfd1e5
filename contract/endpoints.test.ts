/** contract/endpoints.ts spreads the endpoint modules it lists: a module left out would register nothing. */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { endpoints } from './endpoints.ts'

it('holds every endpoint that a module of contract/endpoints/ exports, under its exported name, each name once', async () => {
  const dir = join(import.meta.dirname, 'endpoints')
  const exported: Record<string, unknown> = {}
  // The table spreads the modules: a name exported by two of them would keep only the later one.
  const twice: string[] = []
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(join(dir, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (!(value && typeof value === 'object' && 'method' in value && 'path' in value)) continue
      if (name in exported) twice.push(`${name} (${file})`)
      exported[name] = value
    }
  }
  expect(twice, 'endpoint names exported by two modules').toEqual([])
  expect(Object.keys(exported).length).toBeGreaterThan(90)
  expect(Object.keys(endpoints).sort()).toEqual(Object.keys(exported).sort())
  for (const [name, def] of Object.entries(endpoints)) expect(def, name).toBe(exported[name])
})
