import { useBlocker } from '@tanstack/react-router'
import { createContext, use, useCallback, useEffect, useMemo, useRef } from 'react'
import { adminText } from '../text.ts'

/**
 * Edits made in place and not saved yet (an ordered list): leaving them asks first, so they are
 * never dropped without a word. The router's blocker covers every way out it sees (a tab,
 * 'Retour à l'application', the browser's or the phone's back) and closing the page; what it
 * does not see (another list, the sign-out, which clears the token first) calls confirmLeave.
 */
export interface Unsaved {
  mark: (dirty: boolean) => void
  /** True when nothing is unsaved, or the user agreed to drop it. */
  confirmLeave: () => boolean
}

export function useUnsavedGuard(): Unsaved {
  const dirty = useRef(false)
  const guard = useMemo<Unsaved>(() => {
    const confirmLeave = () => {
      if (!dirty.current) return true
      if (!window.confirm(adminText.discardChanges)) return false
      dirty.current = false
      return true
    }
    const mark = (next: boolean) => {
      dirty.current = next
    }
    return { mark, confirmLeave }
  }, [])
  const shouldBlockFn = useCallback(() => !guard.confirmLeave(), [guard])
  const enableBeforeUnload = useCallback(() => dirty.current, [])
  useBlocker({ shouldBlockFn, enableBeforeUnload })
  return guard
}

export const UnsavedContext = createContext<Unsaved>({ mark: () => undefined, confirmLeave: () => true })

/** Tells the area whether this editor holds unsaved edits (none once it is gone). */
export function useMarkUnsaved(dirty: boolean) {
  const { mark } = use(UnsavedContext)
  useEffect(() => {
    mark(dirty)
    return () => mark(false)
  }, [mark, dirty])
}
