import { describe, expect, test } from 'vitest'
import { signedIn } from '../../tests/api'
import { call, getRequest } from '../../tests/route'
import { loader as pageLoader } from '../routes/_app+/orderReport/route'
import { loader as csvLoader } from '../routes/orderReport.export[.]csv'
import { loader as pdfLoader } from '../routes/orderReport.export[.]pdf'
import { loader as txtLoader } from '../routes/orderReport.export[.]txt'
import { loader as xlsxLoader } from '../routes/orderReport.export[.]xlsx'

const BAD_DATES = [
  ['from=abc', 'Invalid from: please send a date as YYYY-MM-DD.'],
  ['to=2026-02-30', 'Invalid to: please send a real date.'],
  ['from=2026-13-45', 'Invalid from: please send a real date.'],
  [
    'from=9999-12-31&to=9999-12-31',
    'Invalid from: please send a date from 2000-01-01 to 2099-12-31.',
  ],
  ['from=1999-12-31', 'Invalid from: please send a date from 2000-01-01 to 2099-12-31.'],
] as const

describe('report dates that are not days the report can cover', () => {
  test.each(BAD_DATES)(
    '%s: every file is a 400 with the message, before any byte',
    async (query, message) => {
      const { cookie } = await signedIn('pmm')
      for (const [ext, loader] of [
        ['csv', csvLoader],
        ['txt', txtLoader],
        ['xlsx', xlsxLoader],
        ['pdf', pdfLoader],
      ] as const) {
        const r = await call(loader, getRequest(`/orderReport/export.${ext}?${query}`, { cookie }))
        expect({ ext, status: r.status, body: r.data }).toEqual({ ext, status: 400, body: message })
      }
    },
  )

  test.each(BAD_DATES)('%s: the page says so and lists nothing', async (query, message) => {
    const { cookie } = await signedIn('pmm')
    const r = await call(pageLoader, getRequest(`/orderReport?${query}`, { cookie }))
    expect(r.status).toBe(200)
    expect(r.data).toMatchObject({ refused: message, rows: [], total: 0 })
  })

  test('the last day of 2099 is a day like any other', async () => {
    const { cookie } = await signedIn('pmm')
    const r = await call(
      csvLoader,
      getRequest('/orderReport/export.csv?from=2099-12-31&to=2099-12-31', { cookie }),
    )
    expect(r.status).toBe(200)
    expect(r.data).toMatch(/^Order Number,/)
  })
})
