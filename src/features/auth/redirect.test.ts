import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect.ts'

describe('redirect after sign-in', () => {
  it('keeps a path of the app, with its search', () => {
    expect(safeRedirect('/warehouse/packaging')).toBe('/warehouse/packaging')
    expect(safeRedirect('/shop/a/rebut?x=1')).toBe('/shop/a/rebut?x=1')
  })

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/login',
    '/login?redirect=/x',
    '',
    undefined,
  ])('sends %s to / instead', (target) => expect(safeRedirect(target)).toBe('/'))
})
