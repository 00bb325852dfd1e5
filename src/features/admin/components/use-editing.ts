import { useState } from 'react'

/** Which entity of a section is open in its form: none, a new one, or one of the list. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ entity: T | null } | null>(null)
  return {
    /** Null while no form is open; `entity` null for a new one. */
    editing,
    add: () => setEditing({ entity: null }),
    edit: (entity: T) => setEditing({ entity }),
    close: () => setEditing(null),
  }
}
