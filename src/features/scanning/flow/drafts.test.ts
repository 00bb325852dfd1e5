import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { draftWriter, loadDraft } from './drafts.ts'

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
})
