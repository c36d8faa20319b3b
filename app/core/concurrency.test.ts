import { expect, test } from 'vitest'
import { concurrencyLimit } from './concurrency'

test('runs at most `limit` tasks at a time, the others in order, and survives failures', async () => {
  const run = concurrencyLimit(2)
  let active = 0
  let most = 0
  const started: number[] = []
  const releases: Array<() => void> = []
  const tasks = Array.from({ length: 6 }, (_, i) =>
    run(async () => {
      started.push(i)
      active += 1
      most = Math.max(most, active)
      await new Promise<void>((resolve) => releases.push(resolve))
      active -= 1
      if (i === 1) throw new Error('task 1 failed')
      return i
    }),
  )
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve()
  }
  await settle()
  expect(started).toEqual([0, 1])
  while (releases.length) {
    releases.shift()!()
    await settle()
    expect(active).toBeLessThanOrEqual(2)
  }
  const results = await Promise.allSettled(tasks)
  expect(most).toBe(2)
  expect(started).toEqual([0, 1, 2, 3, 4, 5])
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
    0,
    'failed',
    2,
    3,
    4,
    5,
  ])
})
