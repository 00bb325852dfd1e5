import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { setToken } from '@/lib/session'
import { fakeToken } from '../../../../tests/msw/fixtures.ts'
import { draftWriter, restoredApplies, warehouseDraft } from './drafts.ts'
import { useScanFlow } from './use-scan-flow.ts'

/** A screen working on one list at a time: its lines picked of its total. */
interface State {
  list: string | null
  picked: number
  total: number
}
type Event =
  { type: 'restored'; saved: State } | { type: 'opened'; list: string; total: number } | { type: 'picked' }

const model = {
  initial: { list: null, picked: 0, total: 0 } as State,
  reduce: (state: State, event: Event): State =>
    event.type === 'restored'
      ? event.saved
      : event.type === 'opened'
        ? { list: event.list, picked: 0, total: event.total }
        : { ...state, picked: state.picked + 1 },
  activeField: () => 'code',
}
const draft = warehouseDraft(
  'liste',
  (state: State) => (state.list ? state : null),
  (saved) => `liste ${saved.list}, ${saved.picked} / ${saved.total}`,
  undefined,
  { open: (saved) => saved.picked < saved.total, subject: (saved) => saved.list },
)
const key = { user: 'ana', screen: 'liste', scope: 'entrepot' }

async function keep(saved: State) {
  const writer = draftWriter(key, 1)
  writer.write(saved)
  await writer.idle()
}

const open = () => renderHook(() => useScanFlow({ model, onScan: () => undefined, draft }))

beforeEach(async () => {
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
})
afterAll(() => setToken(null))

describe('the restored-draft banner', () => {
  it('names a draft still open, and goes for good when the screen moves to another list', async () => {
    await keep({ list: 'L-12', picked: 1, total: 3 })
    const { result } = open()
    await waitFor(() => expect(result.current.restored?.summary).toBe('liste L-12, 1 / 3'))
    act(() => result.current.dispatch({ type: 'opened', list: 'L-13', total: 2 }))
    await waitFor(() => expect(result.current.restored).toBeNull())
  })

  it('goes once the restored work is finished', async () => {
    await keep({ list: 'L-12', picked: 2, total: 3 })
    const { result } = open()
    await waitFor(() => expect(result.current.restored).not.toBeNull())
    act(() => result.current.dispatch({ type: 'picked' }))
    await waitFor(() => expect(result.current.restored).toBeNull())
  })

  it('drops a finished draft: nothing given back, no banner', async () => {
    await keep({ list: 'L-12', picked: 3, total: 3 })
    const { result } = open()
    await waitFor(async () => expect(await tables.drafts().count()).toBe(0))
    expect(result.current.current()).toEqual(model.initial)
    expect(result.current.restored).toBeNull()
  })
})

describe('restoredApplies', () => {
  it('applies while the work is kept, open and about the same subject', () => {
    expect(restoredApplies(draft, { list: 'L-1', picked: 0, total: 2 }, 'L-1')).toBe(true)
    expect(restoredApplies(draft, { list: 'L-2', picked: 0, total: 2 }, 'L-1')).toBe(false)
    expect(restoredApplies(draft, { list: 'L-1', picked: 2, total: 2 }, 'L-1')).toBe(false)
    expect(restoredApplies(draft, { list: null, picked: 0, total: 0 }, 'L-1')).toBe(false)
  })
})
