import { describe, expect, test, vi } from 'vitest'
import type { FileStore } from '../app/core/backup-target.server'
import { backupWarning, type BackupStatus } from '../app/core/backup.server'
import { COPIES_IN_FLIGHT, pictureCopier } from './picture-copier'

/** A store whose uploads finish when the test says so. */
function slowStore() {
  const waiting: Array<{ name: string; done: () => void }> = []
  const store: FileStore = {
    put: (name) => new Promise<void>((resolve) => waiting.push({ name, done: resolve })),
    list: async () => new Set(),
    get: async () => {},
  }
  return { store, waiting }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the picture copier', () => {
  test(`keeps ${COPIES_IN_FLIGHT} copies in flight and reports how long the oldest has waited`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(1_000_000)
      const { store, waiting } = slowStore()
      const reports: Array<{ pending: number; oldest: number | null }> = []
      const copier = pictureCopier(store, '/pictures', (r) => reports.push(r))
      copier.add('aa/first-original.png')
      vi.setSystemTime(1_005_000)
      for (let i = 0; i < 39; i++) copier.add(`bb/p${i}-thumb.webp`)
      await settle()
      expect(waiting).toHaveLength(COPIES_IN_FLIGHT)
      expect(reports.at(-1)).toEqual({ pending: 40, oldest: 1_000_000 })

      // The oldest is copied: the next oldest is the one reported, and one more copy starts.
      waiting.shift()!.done()
      await settle()
      expect(reports.at(-1)).toEqual({ pending: 39, oldest: 1_005_000 })
      expect(waiting).toHaveLength(COPIES_IN_FLIGHT)

      while (waiting.length) {
        waiting.shift()!.done()
        await settle()
      }
      expect(reports.at(-1)).toEqual({ pending: 0, oldest: null })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the backup warning', () => {
  const status = (over: Partial<BackupStatus>): BackupStatus => ({
    replicatedThrough: null,
    lagSeconds: 0,
    picturesPending: 0,
    picturesWaitingSeconds: 0,
    litestreamRunning: true,
    lagging: false,
    ...over,
  })

  test('names pictures that waited past the limit, even when the database is caught up', () => {
    expect(backupWarning(status({ picturesPending: 1300, picturesWaitingSeconds: 75 }))).toBe(
      '1300 pictures have not been copied to the backup yet; the oldest has waited 75 seconds.',
    )
    expect(backupWarning(status({ picturesPending: 1300, picturesWaitingSeconds: 30 }))).toBe(null)
    expect(backupWarning(status({ lagSeconds: 90, picturesWaitingSeconds: 90 }))).toBe(
      'The backup is 90 seconds behind: recent changes are not in the backup yet.',
    )
  })
})
