import { describe, expect, it } from 'vitest'
import { SerialQueue } from './serial-queue.ts'

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

describe('SerialQueue', () => {
  it('answers a synchronous task on an idle queue synchronously', () => {
    const queue = new SerialQueue()
    expect(queue.run(() => 'success')).toBe('success')
    expect(queue.size).toBe(0)
  })

  it('runs tasks one at a time, in arrival order, even when a later one is faster', async () => {
    const queue = new SerialQueue()
    const log: string[] = []
    const slow = queue.run(async () => {
      log.push('start slow')
      await later(null, 30)
      log.push('end slow')
      return 1
    })
    const quick = queue.run(() => {
      log.push('quick')
      return 2
    })
    expect(queue.size).toBe(2)
    await expect(Promise.all([slow, quick])).resolves.toEqual([1, 2])
    expect(log).toEqual(['start slow', 'end slow', 'quick'])
    expect(queue.size).toBe(0)
  })

  it('goes on after a task that throws or rejects, and gives each caller its own failure', async () => {
    const queue = new SerialQueue()
    const failed = queue.run(async () => {
      throw new Error('refused')
    })
    const next = queue.run(() => 'ok')
    await expect(failed).rejects.toThrow('refused')
    await expect(next).resolves.toBe('ok')
    expect(() =>
      queue.run(() => {
        throw new Error('sync')
      }),
    ).toThrow('sync')
    expect(queue.run(() => 'after')).toBe('after')
  })

  it('tells its listeners how many tasks wait', async () => {
    const queue = new SerialQueue()
    const sizes: number[] = []
    queue.subscribe(() => sizes.push(queue.size))
    const a = queue.run(() => later('a'))
    const b = queue.run(() => later('b'))
    await Promise.all([a, b])
    expect(Math.max(...sizes)).toBe(2)
    expect(sizes.at(-1)).toBe(0)
  })
})
