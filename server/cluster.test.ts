import { describe, expect, test } from 'vitest'
import { workerRuntime } from './cluster'

describe('worker processes run with a bounded young generation and two malloc arenas', () => {
  test('by default, next to the flags the primary was started with', () => {
    expect(workerRuntime(['--enable-source-maps'], {})).toEqual({
      execArgv: ['--enable-source-maps', '--max-semi-space-size=16'],
      env: { MALLOC_ARENA_MAX: '2' },
    })
  })

  test("an operator's own setting wins, on the command line or in NODE_OPTIONS", () => {
    expect(workerRuntime(['--max-semi-space-size=64'], {}).execArgv).toEqual([
      '--max-semi-space-size=64',
    ])
    expect(
      workerRuntime([], { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4' }),
    ).toEqual({ execArgv: [], env: {} })
  })
})
