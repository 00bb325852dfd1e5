import { describe, expect, it } from 'vitest'
import { isDevEnvironment } from './config.ts'

describe('development environment markers (SPEC §9)', () => {
  it.each([
    ['http://localhost:8080', true],
    ['https://api.dev.example.fr', true],
    ['http://127.0.0.1:8080', false],
    ['https://entrepot.example.fr', false],
    ['https://developpement.example.fr', false],
  ])('%s → %s', (host, expected) => expect(isDevEnvironment(host)).toBe(expected))
})
