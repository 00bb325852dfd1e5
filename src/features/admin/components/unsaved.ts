import { createContext, use, useEffect, useMemo, useRef } from 'react'
import { adminText } from '../text.ts'

/**
 * Edits made in place and not saved yet (an ordered list): leaving them (another list, another
 * tab, closing the page) asks first, so they are never dropped without a word.
 */
export interface Unsaved {
  mark: (dirty: boolean) => void
  /** True when nothing is unsaved, or the user agreed to drop it. */
  confirmLeave: () => boolean
}

export function useUnsavedGuard(): Unsaved {
  const dirty = useRef(false)
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])
  return useMemo(
    () => ({
      mark: (next) => {
        dirty.current = next
      },
      confirmLeave: () => {
        if (!dirty.current) return true
        if (!window.confirm(adminText.discardChanges)) return false
        dirty.current = false
        return true
      },
    }),
    [],
  )
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
