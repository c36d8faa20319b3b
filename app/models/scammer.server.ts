import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { scammerPaypals } from '../../db/schema'

export const SCAMMER_BLOCKED_MESSAGE = 'This customer email is on the Scammer PayPal list.'

/** Whether an email is on the Scammer PayPal list (trimmed, any letter case). */
export function scammerListed(email: string) {
  const key = email.trim().toLowerCase()
  return Boolean(
    db
      .select({ id: scammerPaypals.id })
      .from(scammerPaypals)
      .where(eq(scammerPaypals.email, key))
      .get(),
  )
}
