// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDbForTests } from '@/lib/db'
import { listPrintLog } from './api.ts'
import { startPrintLogRecorder } from './recorder.ts'
import { inParis } from '../../../tests/client/paris-time.ts'

let stop: (() => void) | undefined
beforeEach(() => resetDbForTests())
afterEach(() => stop?.())

const printedAt = inParis(2026, 10, 23, 14, 5, 12).getTime()
const printDone = (detail: unknown) => window.dispatchEvent(new CustomEvent('print-done', { detail }))
const settle = () => new Promise((r) => setTimeout(r, 30))

describe('startPrintLogRecorder', () => {
  it("appends an entry for each 'print-done' event", async () => {
    stop = startPrintLogRecorder()
    printDone({
      title: 'Emplacement A-01-01-01',
      url: 'https://x/a.pdf',
      printedAt,
      printer: 'HP LaserJet A4',
      format: 'pdf',
    })
    printDone({ title: 'Liste de picking', url: '', printedAt: printedAt + 1000, type: 'mono_gift' })
    await vi.waitFor(async () => expect(await listPrintLog()).toHaveLength(2))
    const [second, first] = await listPrintLog()
    expect(first).toMatchObject({
      date: '23/11/2026 14:05:12',
      name: 'Emplacement A-01-01-01',
      type: '',
      link: 'https://x/a.pdf',
      printedAt,
      printer: 'HP LaserJet A4',
      format: 'pdf',
    })
    expect(second).toMatchObject({
      name: 'Liste de picking',
      type: 'mono_gift',
      link: '',
      date: '23/11/2026 14:05:13',
    })
  })

  it('is idempotent: started twice, it records each print once and gives the same stop', async () => {
    stop = startPrintLogRecorder()
    expect(startPrintLogRecorder()).toBe(stop)
    printDone({ title: 'a', url: 'u', printedAt })
    await vi.waitFor(async () => expect(await listPrintLog()).toHaveLength(1))
    await settle()
    expect(await listPrintLog()).toHaveLength(1)
  })

  it('stops recording when stopped, and can be started again', async () => {
    startPrintLogRecorder()()
    printDone({ title: 'ignored', url: '', printedAt })
    await settle()
    expect(await listPrintLog()).toHaveLength(0)
    stop = startPrintLogRecorder()
    printDone({ title: 'kept', url: '', printedAt })
    await vi.waitFor(async () => expect((await listPrintLog()).map((e) => e.name)).toEqual(['kept']))
  })

  it('ignores an event whose detail is not a print', async () => {
    stop = startPrintLogRecorder()
    printDone(undefined)
    printDone({ url: 'no title' })
    await settle()
    expect(await listPrintLog()).toHaveLength(0)
  })
})
