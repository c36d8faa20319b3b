import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '../../db/client'
import { makeUser } from '../../server/factories'
import { scammerPaypals, users } from '../../db/schema'
import { fail, ok } from '~/core/result'
import { writeAs } from './write.server'

const entry = (email: string, reportedBy: number) => ({ email, reason: 'r', reportedBy })
const stored = (email: string) =>
  db.select().from(scammerPaypals).where(eq(scammerPaypals.email, email)).all().length

describe('writeAs', () => {
  test('a refusal rolls back what the write did before refusing', async () => {
    const user = await makeUser({ role: 'pmm' })
    const refused = writeAs(user, (tx) => {
      tx.insert(scammerPaypals).values(entry('rolled-back@example.test', user.id)).run()
      return fail('conflict', 'Changed my mind.')
    })
    expect(refused).toEqual({ ok: false, code: 'conflict', message: 'Changed my mind.' })
    expect(stored('rolled-back@example.test')).toBe(0)
  })

  test('a disabled or deleted actor writes nothing; an enabled one writes', async () => {
    const user = await makeUser({ role: 'pmm' })
    const write = (email: string) =>
      writeAs(user, (tx) => {
        tx.insert(scammerPaypals).values(entry(email, user.id)).run()
        return ok({})
      })
    expect(write('kept@example.test')).toEqual({ ok: true })
    db.update(users).set({ isEnable: false }).where(eq(users.id, user.id)).run()
    expect(write('disabled@example.test')).toEqual({
      ok: false,
      code: 'disabled',
      message: 'Your account is disabled.',
    })
    db.update(users)
      .set({ isEnable: true, deletedAt: new Date() })
      .where(eq(users.id, user.id))
      .run()
    expect(write('deleted@example.test')).toEqual({
      ok: false,
      code: 'deleted',
      message: 'This account has been deleted.',
    })
    expect([stored('kept@example.test'), stored('disabled@example.test')]).toEqual([1, 0])
    expect(stored('deleted@example.test')).toBe(0)
  })
})
