import { describe, expect, it } from 'vitest'
import { focusReducer, initialFocusState } from './focus.ts'

describe('input focus state (SPEC §4)', () => {
  it('starts unknown', () => expect(initialFocusState).toEqual({ isFocused: null, needToFocus: null }))

  it('requesting focus sets needToFocus', () => {
    expect(focusReducer(initialFocusState, { type: 'request' })).toEqual({
      isFocused: null,
      needToFocus: true,
    })
  })

  it('reporting focus sets isFocused and clears needToFocus', () => {
    const requested = focusReducer(initialFocusState, { type: 'request' })
    expect(focusReducer(requested, { type: 'report', focused: true })).toEqual({
      isFocused: true,
      needToFocus: false,
    })
    expect(focusReducer(requested, { type: 'report', focused: false })).toEqual({
      isFocused: false,
      needToFocus: false,
    })
  })
})
