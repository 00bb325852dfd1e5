import { describe, expect, it } from 'vitest'
import * as navigation from './index.ts'

describe('navigation index', () => {
  it('exports the public functions', () => {
    const names = [
      'buildNavData',
      'homeItemTitle',
      'homeItem',
      'filterNav',
      'isActivePath',
      'isItemActive',
      'pickingBadge',
      'shouldShowBadge',
      'searchEntries',
      'searchNav',
      'highlight',
      'avatarColor',
      'avatarInitial',
    ]
    for (const name of names)
      expect(typeof (navigation as Record<string, unknown>)[name], name).toBe('function')
  })
})
