import { describe, expect, test } from 'vitest'
import {
  firstErrors as serverErrors,
  formData as form,
  VALID_REGISTRATION,
} from '../../tests/forms'
import type { z } from 'zod'
import { checkForm, type FormChecks } from './check'
import { MARKET_CHECKS, MARKET_RENAME_CHECKS } from './market.checks'
import { MarketRenameSchema, MarketSchema } from './market'
import { NEW_ORDER_CHECKS, ORDER_UPDATE_CHECKS, STATUS_CHANGE_CHECKS } from './order.checks'
import { NewOrderSchema, OrderUpdateSchema, StatusChangeSchema } from './order'
import { RESERVE_CHECKS } from './product-id.checks'
import { PRODUCT_CHECKS } from './product.checks'
import { ProductSchema, ReserveSchema } from './product'
import { SCAMMER_CHECKS } from './scammer.checks'
import { ScammerSchema } from './scammer'
import { LOGIN_CHECKS, REGISTER_CHECKS } from './user.checks'
import { LoginSchema, RegisterSchema } from './user'

/*
 * The browser checks each form with its `*.checks.ts` (no zod in the page); the server with its
 * zod schema. For every form, each field is given every value of a table of edge cases (in an
 * otherwise valid form, and in an empty one), and the first message of every field must be the
 * same on both sides: what the page says before sending is what the server would answer.
 */

type Value = string | File
const picture = () => new File(['x'], 'p.png', { type: 'image/png' })
const noPicture = () => new File([], '')

const chars = (n: number, c = 'x') => c.repeat(n)
const LENGTHS = [1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 16, 19, 20, 21, 29, 30, 31, 40, 41, 99, 100, 101]
const LONG = [199, 200, 201, 253, 254, 255, 299, 300, 301, 499, 500, 501, 1999, 2000, 2001, 4001]
/** Every form field gets each of these values (a file input only the files). */
const EDGES: Value[] = [
  '',
  ' ',
  '   ',
  '\t\n',
  'x',
  '  padded  ',
  ...LENGTHS.map((n) => chars(n)),
  ...LONG.map((n) => chars(n)),
  ...[200, 254, 2000].map((n) => ` ${chars(n)} `),
  ...[30, 200].map((n) => chars(n, '\u200b') + 'abc'),
  '\u3164\u3164\u200b\u3164',
  'Ali\u0000 Raza',
  'Ali\u202e Raza',
  '\u000bAli',
  'Ali\u000b',
  `${chars(201)}\u0000`,
  'Ali\u200e',
  'محمد علی',
  'Nguyễn Thị Hồng',
  // emails
  'pm@example.com',
  'PM@Example.COM',
  ' pm@example.com ',
  'not-an-email',
  'ali@',
  '@example.com',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'a@b.c',
  'a@b.co',
  'a@-b.com',
  "o'neil+tag@example.co.uk",
  'x\u2060@example.com',
  `${chars(250)}@example.com`,
  // numbers
  '0',
  '1',
  '-1',
  '1.5',
  '12.345',
  '12.34',
  '0.1',
  '0.29',
  '-0',
  '1e5',
  '1e-7',
  '0x10',
  'Infinity',
  '-Infinity',
  'NaN',
  'abc',
  '12abc',
  ' 123456 ',
  '99999',
  '100000',
  '123456',
  '999999',
  '1000000',
  '1000001',
  '100000.5',
  '+123456',
  // choices, dates, cnic
  'pm',
  'pmm',
  'admin',
  'PM',
  '3520212345671',
  '35202-1234567-1',
  '35202123456a7',
  '2026-11-26',
  '2030-02-31',
  '2026-1-1',
  '26-11-2026',
  'Ordered',
  // files
  picture(),
  noPicture(),
  new File([], 'empty.png'),
]

const CASES: Array<{
  name: string
  schema: z.ZodTypeAny
  checks: FormChecks
  valid: Record<string, Value>
}> = [
  {
    name: 'login',
    schema: LoginSchema,
    checks: LOGIN_CHECKS,
    valid: { email: 'pm@example.com', password: 'password123' },
  },
  {
    name: 'register',
    schema: RegisterSchema,
    checks: REGISTER_CHECKS,
    valid: VALID_REGISTRATION,
  },
  { name: 'reserve', schema: ReserveSchema, checks: RESERVE_CHECKS, valid: { pId: '123456' } },
  {
    name: 'product',
    schema: ProductSchema,
    checks: PRODUCT_CHECKS,
    valid: {
      keywords: 'mug',
      brandName: 'Acme',
      soldBy: 'Acme Store',
      market: '1',
      chineseSeller: '2',
      categoryId: '3',
      commission: '1.5',
      websiteCommission: '0.25',
      limitPerDay: '5',
      limit: '20',
      instruction: 'Buy it.',
      refundPolicy: 'Full refund.',
      commissionPolicy: 'Paid on completion.',
      marketing: '2026-12-31',
      image: picture(),
      screenShot: picture(),
    },
  },
  {
    name: 'new order',
    schema: NewOrderSchema,
    checks: NEW_ORDER_CHECKS,
    valid: {
      orderNumber: '113-1234567-1234567',
      market: '1',
      pId: '123456',
      paypal: 'buyer@example.com',
      orderScreenshot: picture(),
      buyerContact: '+92 300 1234567',
      remark: 'Late delivery.',
    },
  },
  {
    name: 'order update',
    schema: OrderUpdateSchema,
    checks: ORDER_UPDATE_CHECKS,
    valid: {
      orderNumber: '113-1',
      customerEmail: 'buyer@example.com',
      facebookIdentity: 'fb.com/buyer',
      market: '1',
      status: 'Ordered',
      remark: '',
    },
  },
  {
    name: 'status change',
    schema: StatusChangeSchema,
    checks: STATUS_CHANGE_CHECKS,
    valid: { status: 'Ordered' },
  },
  {
    name: 'scammer',
    schema: ScammerSchema,
    checks: SCAMMER_CHECKS,
    valid: { email: 'refund.hunter@example.com', reason: 'Opened a dispute after refund.' },
  },
  {
    name: 'market',
    schema: MarketSchema,
    checks: MARKET_CHECKS,
    valid: { name: 'Amazon US', shortName: 'US' },
  },
  {
    name: 'market rename',
    schema: MarketRenameSchema,
    checks: MARKET_RENAME_CHECKS,
    valid: { name: 'Amazon US' },
  },
]

describe.each(CASES)('the $name form: the page and the server say the same', (c) => {
  const agree = (fields: Record<string, Value | undefined>) => {
    const data = form(fields)
    expect(checkForm(c.checks, data), JSON.stringify(fields)).toEqual(serverErrors(c.schema, data))
  }

  test('a valid form, an empty one, and one with every field blank', () => {
    expect(serverErrors(c.schema, form(c.valid))).toEqual({})
    agree(c.valid)
    agree({})
    agree(Object.fromEntries(Object.keys(c.valid).map((name) => [name, ''])))
  })

  test.each(Object.keys(c.valid))(
    'every edge value of %s, in a valid form and an empty one',
    (name) => {
      // A control sends what it can: a file input a file, any other control a text.
      const isFile = c.valid[name] instanceof File
      for (const value of EDGES.filter((v) => v instanceof File === isFile)) {
        agree({ ...c.valid, [name]: value })
        agree({ [name]: value })
      }
    },
  )
})

test('the product limits across fields agree, with other fields wrong or missing', () => {
  const valid = CASES.find((c) => c.name === 'product')!.valid
  const pairs = [
    ['5', '20'],
    ['20', '20'],
    ['21', '20'],
    ['20', '5'],
    ['0', '5'],
    ['1.5', '1'],
    ['2000000', '5'],
    ['abc', '5'],
    ['5', ''],
  ]
  const others: Array<Record<string, Value>> = [
    {},
    { keywords: '' },
    { keywords: '   ' },
    { commission: '-1' },
    { commission: 'abc' },
    { image: noPicture() },
    { marketing: '2030-02-31' },
    { brandName: 'Acme\u0000' },
    { market: '0' },
  ]
  for (const [limitPerDay, limit] of pairs) {
    for (const other of others) {
      const data = form({ ...valid, ...other, limitPerDay, limit })
      expect(
        checkForm(PRODUCT_CHECKS, data),
        JSON.stringify({ other, limitPerDay, limit }),
      ).toEqual(serverErrors(ProductSchema, data))
    }
  }
})
