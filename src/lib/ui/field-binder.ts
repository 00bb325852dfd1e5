import type { Dispatch, SetStateAction } from 'react'

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string

/**
 * The one way a form wires its fields (Mantine inputs) to its values and to the messages shown
 * under them: `text` for a TextInput, `value` for inputs whose onChange gives the value itself
 * (NumberInput, Select, MultiSelect), `check` for a Checkbox. `prefix` keys messages of a nested
 * object ('slipGroup.' for slipGroup.code).
 */
export function fieldBinder<V extends object>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  errors: Readonly<Record<string, string>>,
  prefix = '',
) {
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }))
  const error = (key: string) => errors[`${prefix}${key}`]
  return {
    set,
    error,
    text: <K extends KeysOf<V, string>>(key: K) => ({
      value: values[key] as string,
      onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value as V[K]),
      error: error(key),
    }),
    value: <K extends keyof V & string>(key: K) => ({
      value: values[key],
      onChange: (value: V[K]) => set(key, value),
      error: error(key),
    }),
    check: <K extends KeysOf<V, boolean>>(key: K) => ({
      checked: values[key] as boolean,
      onChange: (event: { currentTarget: { checked: boolean } }) =>
        set(key, event.currentTarget.checked as V[K]),
      error: error(key),
    }),
  }
}
