/**
 * docs/specification.md §3/§4 input focus state, which keeps a scan field ready for the next scan: asking for focus
 * sets needToFocus; the field reporting its focus sets isFocused and clears needToFocus.
 */
export interface FocusState {
  isFocused: boolean | null
  needToFocus: boolean | null
}

export type FocusAction = { type: 'request' } | { type: 'report'; focused: boolean }

export const initialFocusState: FocusState = { isFocused: null, needToFocus: null }

export function focusReducer(state: FocusState, action: FocusAction): FocusState {
  switch (action.type) {
    case 'request':
      return state.needToFocus ? state : { ...state, needToFocus: true }
    case 'report':
      return { isFocused: action.focused, needToFocus: false }
  }
}
