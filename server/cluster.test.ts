import { describe, expect, test } from 'vitest'
import { workerRuntime } from './cluster'

describe('worker processes run with a bounded young generation, no Maglev, room in the old generation and a malloc that gives memory back', () => {
  test('by default, next to the flags the primary was started with', () => {
    expect(workerRuntime(['--enable-source-maps'], {})).toEqual({
      execArgv: [
        '--enable-source-maps',
        '--max-semi-space-size=8',
        '--no-maglev',
        '--initial-old-space-size=64',
      ],
      env: {
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '2097152',
      },
    })
  })

  test("an operator's own setting wins, on the command line or in NODE_OPTIONS", () => {
    expect(
      workerRuntime(['--max-semi-space-size=64', '--maglev', '--initial-old-space-size=16'], {})
        .execArgv,
    ).toEqual(['--max-semi-space-size=64', '--maglev', '--initial-old-space-size=16'])
    expect(workerRuntime(['--max-semi-space-size=64'], {}).execArgv).toEqual([
      '--max-semi-space-size=64',
      '--no-maglev',
      '--initial-old-space-size=64',
    ])
    expect(
      workerRuntime([], { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4' }),
    ).toEqual({
      execArgv: ['--no-maglev', '--initial-old-space-size=64'],
      env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '2097152' },
    })
    expect(
      workerRuntime([], {
        MALLOC_ARENA_MAX: '4',
        MALLOC_MMAP_THRESHOLD_: '65536',
        MALLOC_TRIM_THRESHOLD_: '0',
      }).env,
    ).toEqual({})
  })
})
