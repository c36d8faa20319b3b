import { describe, expect, test } from 'vitest'
import { makeUser } from '../../server/factories'
import {
  addScammer,
  getScammer,
  listScammers,
  removeScammer,
  SCAMMER_BLOCKED_MESSAGE,
  SCAMMER_DUPLICATE_MESSAGE,
  scammerListed,
} from './scammer.server'
import { unwrap } from '~/core/result'
import { uniqueEmail } from '../../tests/unique'

describe('addScammer', () => {
  test('a pmm and an admin add entries; emails are trimmed and lower-cased', async () => {
    const pmm = await makeUser({ role: 'pmm', name: 'Bilal Manager' })
    const admin = await makeUser({ role: 'admin' })
    const email = uniqueEmail('Mixed.Case')
    const added = addScammer(pmm, { email: `  ${email.toUpperCase()} `, reason: ' Chargeback ' })
    expect(added.ok).toBe(true)
    const entry = unwrap(added).entry
    expect(entry).toMatchObject({
      email: email.toLowerCase(),
      reason: 'Chargeback',
      reportedBy: { id: pmm.id, name: 'Bilal Manager' },
    })
    expect(entry.createdAt).toBeInstanceOf(Date)
    expect(addScammer(admin, { email: uniqueEmail('scam'), reason: 'Fake claim' }).ok).toBe(true)
  })

  test('a pm may not add', async () => {
    const pm = await makeUser({ role: 'pm' })
    const email = uniqueEmail('scam')
    const refused = addScammer(pm, { email, reason: 'x' })
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' })
    expect(scammerListed(email)).toBe(false)
  })

  test('the same email in another case or with spaces is a duplicate, as a field error', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const other = await makeUser({ role: 'admin' })
    const email = uniqueEmail('scam')
    unwrap(addScammer(pmm, { email, reason: 'first' }))
    for (const again of [email, email.toUpperCase(), `  ${email} `]) {
      const refused = addScammer(other, { email: again, reason: 'second' })
      expect(refused).toMatchObject({
        ok: false,
        code: 'conflict',
        message: SCAMMER_DUPLICATE_MESSAGE,
        field: 'email',
        fieldErrors: { email: [SCAMMER_DUPLICATE_MESSAGE] },
      })
    }
    expect(SCAMMER_DUPLICATE_MESSAGE).toBe('This email is already on the Scammer PayPal list.')
  })
})

describe('scammerListed (for order creation)', () => {
  test('matches whatever the case and surrounding spaces', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const email = uniqueEmail('scam')
    expect(scammerListed(email)).toBe(false)
    unwrap(addScammer(pmm, { email, reason: 'Dispute' }))
    expect(scammerListed(email)).toBe(true)
    expect(scammerListed(` ${email.toUpperCase()}  `)).toBe(true)
    expect(scammerListed('')).toBe(false)
    expect(SCAMMER_BLOCKED_MESSAGE).toBe('This customer email is on the scammer list.')
  })
})

describe('listScammers', () => {
  test('every role sees the list, newest first, with the reporter’s name', async () => {
    const pmm = await makeUser({ role: 'pmm', name: 'Nguyễn Thị Lan' })
    const tag = `order${Date.now()}`
    const older = unwrap(
      addScammer(
        pmm,
        { email: uniqueEmail(`${tag}-old`), reason: `${tag} older` },
        new Date(Date.now() - 60_000),
      ),
    ).entry
    const newer = unwrap(
      addScammer(pmm, { email: uniqueEmail(`${tag}-new`), reason: 'newer' }),
    ).entry
    for (const role of ['pm', 'pmm', 'admin'] as const) {
      const viewer = await makeUser({ role })
      const list = unwrap(listScammers(viewer, { q: tag }))
      expect(list.rows.map((r) => r.id)).toEqual([newer.id, older.id])
      expect(list.rows[0]?.reportedBy.name).toBe('Nguyễn Thị Lan')
      expect(list).toMatchObject({ total: 2, page: 1, pageCount: 1 })
    }
  })

  test('q searches email and reason, case-insensitively; % and _ are plain characters', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const tag = `srch${Date.now()}`
    const byEmail = unwrap(addScammer(pmm, { email: uniqueEmail(`${tag}x`), reason: 'Chargeback' }))
    const byReason = unwrap(
      addScammer(pmm, {
        email: uniqueEmail('plain'),
        reason: `Fake ${tag.toUpperCase()} claim 100%`,
      }),
    )
    const ids = (q: string) => unwrap(listScammers(pmm, { q })).rows.map((r) => r.id)
    expect(ids(tag).sort()).toEqual([byEmail.entry.id, byReason.entry.id].sort())
    expect(ids(`${tag}X`)).toEqual([byEmail.entry.id])
    expect(ids(`${tag.toUpperCase()} claim 100%`)).toEqual([byReason.entry.id])
    expect(ids(`${tag}%`)).toEqual([])
    expect(ids(`${tag}_`)).toEqual([])
  })

  test('25 a page; a page past the end shows the last one', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const tag = `page${Date.now()}`
    for (let i = 0; i < 27; i++) {
      unwrap(addScammer(pmm, { email: uniqueEmail(tag), reason: 'bulk' }))
    }
    const first = unwrap(listScammers(pmm, { q: tag }))
    expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2 })
    expect(first.rows).toHaveLength(25)
    const last = unwrap(listScammers(pmm, { q: tag, page: 9 }))
    expect(last.page).toBe(2)
    expect(last.rows).toHaveLength(2)
  })
})

describe('removeScammer', () => {
  test('a pmm or admin removes an entry; then it is gone and can be added again', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const admin = await makeUser({ role: 'admin' })
    const email = uniqueEmail('scam')
    const { entry } = unwrap(addScammer(pmm, { email, reason: 'x' }))
    expect(getScammer(entry.id)?.email).toBe(email)
    const removed = removeScammer(admin, entry.id)
    expect(removed).toMatchObject({ ok: true, entry: { id: entry.id, email } })
    expect(scammerListed(email)).toBe(false)
    expect(getScammer(entry.id)).toBeUndefined()
    expect(removeScammer(pmm, entry.id)).toMatchObject({ ok: false, code: 'not_found' })
    expect(addScammer(pmm, { email, reason: 'again' }).ok).toBe(true)
  })

  test('a pm may not remove; an unknown id is not found', async () => {
    const pmm = await makeUser({ role: 'pmm' })
    const pm = await makeUser({ role: 'pm' })
    const email = uniqueEmail('scam')
    const { entry } = unwrap(addScammer(pmm, { email, reason: 'x' }))
    expect(removeScammer(pm, entry.id)).toMatchObject({ ok: false, code: 'forbidden' })
    expect(scammerListed(email)).toBe(true)
    expect(removeScammer(pmm, 987654321)).toMatchObject({ ok: false, code: 'not_found' })
  })
})
