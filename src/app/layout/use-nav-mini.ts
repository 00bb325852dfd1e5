import { useState } from 'react'
import { readNavMini, writeNavMini } from '@/features/navigation'

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage)

/** docs/specification.md §9: the desktop side navigation full (300 px) or mini (88 px), as the user last left it. */
export function useNavMini(): [mini: boolean, toggle: () => void] {
  const [mini, setMini] = useState(() => readNavMini(storage()))
  const toggle = () => {
    writeNavMini(storage(), !mini)
    setMini(!mini)
  }
  return [mini, toggle]
}
