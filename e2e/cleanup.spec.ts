import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import {
  apiReserve,
  apiSignIn,
  expect,
  expectToast,
  ready,
  signInWith,
  test,
  type InsertedUser,
} from './utils'

/**
 * The data fixtures clean up after themselves: the first test makes a user and a product and
 * rows that depend on them (sessions, a reservation, a sign-in failure, an uploaded picture); the
 * second, run after it in the same worker, finds none of it left.
 */
test.describe.configure({ mode: 'serial' })

let made:
  { userIds: number[]; productIds: number[]; emails: string[]; pictureIds: string[] } | undefined

test('inserted users and products, and what depends on them, exist during the test', async ({
  page,
  jsEnabled,
  insertNewUser,
  insertNewProduct,
  request,
}) => {
  const pmm = await insertNewUser({ role: 'pmm', prefix: 'cleanup-pmm' })
  const product = await insertNewProduct({ ownerId: pmm.id })
  const pm: InsertedUser = await insertNewUser({ role: 'pm', prefix: 'cleanup-pm' })

  // A session through the sign-in form, a bearer token and a reservation through the API.
  await signInWith(page.request, pm.email)
  const token = await apiSignIn(request, pm.email)
  expect((await apiReserve(request, token, product.pId)).status()).toBe(201)
  // A profile picture of its own (bytes no other test uploads).
  const bytes = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer()
  await page.goto('/userProfile')
  await ready(page, jsEnabled)
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: bytes })
  await page.getByRole('button', { name: 'Change Pic' }).click()
  await expectToast(page, 'Picture successfully updated.', 'success')
  const src = await page.getByRole('img', { name: `${pm.name}'s picture` }).getAttribute('src')
  const pictureId = src?.match(/^\/resources\/pictures\/([^/]+)\//)?.[1]
  expect(pictureId).toBeTruthy()
  // A failed sign-in stays on record for the email.
  const wrong = await request.post('/api/v1/user/login', {
    data: { email: pm.email, password: 'wrong-password' },
  })
  expect(wrong.status()).toBe(401)

  made = {
    userIds: [pmm.id, pm.id],
    productIds: [product.id],
    emails: [pmm.email, pm.email],
    pictureIds: [pictureId!],
  }
  const { remainingTestData } = await import('../tests/cleanup')
  expect(remainingTestData(made)).toEqual({
    users: 2,
    products: 1,
    reservations: 1,
    orders: 0,
    sessions: 2,
    loginFailures: 1,
    pictures: 1,
  })
})

test('after the test, nothing of it is left', async () => {
  expect(made, 'the previous test ran').toBeDefined()
  const { remainingTestData } = await import('../tests/cleanup')
  expect(remainingTestData(made!)).toEqual({
    users: 0,
    products: 0,
    reservations: 0,
    orders: 0,
    sessions: 0,
    loginFailures: 0,
    pictures: 0,
  })
})
