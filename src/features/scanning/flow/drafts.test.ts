import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { draftWriter, loadDraft, warehouseDraft } from './drafts.ts'

const key = { user: 'ana', screen: 'reception', scope: 'maison-lumiere' }

beforeEach(() => resetDbForTests())

describe('drafts', () => {
  it('keeps the newest state once its writes have landed, and drops it on null', async () => {
    const writer = draftWriter(key, 1)
    writer.write({ lines: 1 })
    writer.write({ lines: 2 })
    await writer.idle()
    expect((await loadDraft(key, 1))?.state).toEqual({ lines: 2 })
    writer.write(null)
    await writer.idle()
    expect(await loadDraft(key, 1)).toBeUndefined()
  })

  it('does not write again a state equal to the last one written', async () => {
    const writer = draftWriter(key, 1)
    writer.write({ lines: 1 })
    await writer.idle()
    const first = (await tables.drafts().toArray())[0]!.savedAt
    await new Promise((resolve) => setTimeout(resolve, 5))
    writer.write({ lines: 1 })
    await writer.idle()
    expect((await tables.drafts().toArray())[0]!.savedAt).toBe(first)
  })

  it('does not give back a draft saved in another shape (an app update changed it)', async () => {
    const writer = draftWriter(key, 1)
    writer.write({ lines: 1 })
    await writer.idle()
    expect(await loadDraft(key, 2)).toBeUndefined()
    expect((await loadDraft(key, 1))?.state).toEqual({ lines: 1 })
  })

  it("builds a warehouse-wide screen's options: its 'restored' event and its banner from the kept value", () => {
    const draft = warehouseDraft(
      'transfer',
      (state: { lines: number }) => (state.lines > 0 ? { lines: state.lines } : null),
      (saved) => `${saved.lines} lignes`,
      2,
    )
    expect(draft).toMatchObject({ screen: 'transfer', scope: 'entrepot', version: 2 })
    expect(draft.save({ lines: 0 })).toBeNull()
    expect(draft.restore({ lines: 3 })).toEqual({ type: 'restored', saved: { lines: 3 } })
    expect(draft.describe({ lines: 3 })).toBe('3 lignes')
  })
})
