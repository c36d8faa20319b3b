import {
  apiGetProduct,
  apiProductOfNewPmm,
  apiRegister,
  apiReserve,
  clientAddressFor,
  expect,
  newProduct,
  RESERVE_MESSAGES,
  test,
  type ApiUser,
} from './utils'

const RESERVERS = 50
const DAILY_LIMIT = 7

test.describe('reserving over HTTP', () => {
  test(`${RESERVERS} pms at once never oversell a daily limit of ${DAILY_LIMIT}`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // Fresh accounts, registered a few at a time (each registration hashes a password), each
    // batch from an address of its own (an address registers at most 10 accounts an hour).
    const pms: ApiUser[] = []
    for (let i = 0; i < RESERVERS; i += 10) {
      const from = { 'X-Forwarded-For': clientAddressFor(`${test.info().testId}-${i}`) }
      const batch = Array.from({ length: Math.min(10, RESERVERS - i) }, () =>
        apiRegister(page.request, 'pm', 'race', from),
      )
      pms.push(...(await Promise.all(batch)))
    }
    expect(new Set(pms.map((p) => p.token)).size).toBe(RESERVERS)

    const { pmm, product } = await apiProductOfNewPmm(
      page.request,
      'race-pmm',
      newProduct({ limitPerDay: DAILY_LIMIT, limit: 100 }),
    )
    expect(product.todayRemaining).toBe(DAILY_LIMIT)

    // All at once, each with its own token.
    const answers = await Promise.all(
      pms.map(async (pm) => {
        const res = await apiReserve(page.request, pm.token, product.pId)
        return { status: res.status(), body: (await res.json()) as unknown }
      }),
    )
    expect(answers.filter((a) => a.status >= 500)).toEqual([])
    const won = answers.filter((a) => a.status === 201)
    const refused = answers.filter((a) => a.status === 409)
    expect(won).toHaveLength(DAILY_LIMIT)
    expect(refused).toHaveLength(RESERVERS - DAILY_LIMIT)
    for (const a of won) {
      expect(a.body).toEqual({ success: true, message: RESERVE_MESSAGES.success })
    }
    for (const a of refused) {
      expect(a.body).toEqual({ success: false, message: RESERVE_MESSAGES.todayFull })
    }

    const after = await apiGetProduct(page.request, pmm.token, product.pId)
    expect(after.todayRemaining).toBe(0)
    expect(after.totalRemaining).toBe(100 - DAILY_LIMIT)

    // A winner cannot take a second unit, and a loser still cannot take one.
    const winner = pms[answers.findIndex((a) => a.status === 201)]
    const again = await apiReserve(page.request, winner.token, product.pId)
    expect(again.status()).toBe(409)
    expect(await again.json()).toEqual({ success: false, message: RESERVE_MESSAGES.duplicate })
    const loser = pms[answers.findIndex((a) => a.status === 409)]
    const late = await apiReserve(page.request, loser.token, product.pId)
    expect(late.status()).toBe(409)
    expect(await late.json()).toEqual({ success: false, message: RESERVE_MESSAGES.todayFull })
  })
})
