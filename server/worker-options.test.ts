import { describe, expect, it } from 'vitest'
import { SINGLE_THREADED_GC, workerExecArgv } from './worker-options.ts'

describe('the workers’ node options', () => {
  it('collect garbage on one thread when the workers fill every core', () => {
    expect(workerExecArgv(2, 2, ['--import', 'tsx'])).toEqual(['--import', 'tsx', SINGLE_THREADED_GC])
    expect(workerExecArgv(4, 2, [])).toEqual([SINGLE_THREADED_GC])
  })

  it('keep V8’s helper threads on a machine with cores to spare', () => {
    expect(workerExecArgv(2, 8, ['--import', 'tsx'])).toEqual(['--import', 'tsx'])
  })

  it('keep the primary’s own options, given once', () => {
    expect(workerExecArgv(2, 2, ['--import', 'tsx', SINGLE_THREADED_GC])).toEqual([
      '--import',
      'tsx',
      SINGLE_THREADED_GC,
    ])
  })
})
