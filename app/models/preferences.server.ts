import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { ok, type Result } from '~/core/result'
import type { User } from './user.server'
import { writeAs } from './write.server'

export const PREFERENCE_MESSAGES = {
  shortcutsOn: 'Keyboard shortcuts turned on.',
  shortcutsOff: 'Keyboard shortcuts turned off.',
} as const

/** Turns the user's single-key shortcuts on or off (issue 30; WCAG 2.1.4). */
export function setKeyboardShortcuts(
  user: Pick<User, 'id'>,
  on: boolean,
): Result<{ message: string }> {
  return writeAs(user, (tx) => {
    tx.update(users).set({ keyboardShortcuts: on }).where(eq(users.id, user.id)).run()
    return ok({ message: on ? PREFERENCE_MESSAGES.shortcutsOn : PREFERENCE_MESSAGES.shortcutsOff })
  })
}
