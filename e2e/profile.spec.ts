import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEMO, DEMO_NAMES, expect, expectToast, ready, test, type Page } from './utils'

const PNG = path.join(import.meta.dirname, 'fixtures', 'avatar.png')
const NOT_A_PICTURE =
  'This file is not a picture. Please choose a JPEG, PNG, WebP, GIF or AVIF image.'
const TOO_LARGE = 'The picture is larger than 5 MB. Please choose a smaller one.'
const PICTURE_SRC = /^\/resources\/pictures\/[^/]+\/[^/]+/

const profileAvatar = (page: Page, name: string) =>
  page.getByRole('img', { name: `${name}'s picture` })
const headerAvatar = (page: Page) => page.getByRole('banner').locator('img')

async function expectDetail(page: Page, label: string, value: string) {
  const field = page
    .getByRole('region', { name: 'Account Detail' })
    .getByLabel(label, { exact: true })
  await expect(field).toHaveValue(value)
  await expect(field).not.toBeEditable()
}

test.describe('profile page', () => {
  for (const [role, label] of [
    ['pm', 'Marketer'],
    ['pmm', 'Manager'],
  ] as const) {
    test(`a ${role} sees their details and the role label ${label}`, async ({
      page,
      signInAsNewUser,
    }) => {
      const user = await signInAsNewUser({ role, prefix: `profile-${role}` })
      await page.goto('/userProfile')
      await expect(page.getByRole('heading', { name: user.name, level: 1 })).toBeVisible()
      await expect(page.getByText(label, { exact: true })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Account Detail' })).toBeVisible()
      await expectDetail(page, 'Complete Name', user.name)
      await expectDetail(page, 'Email', user.email)
      await expectDetail(page, 'Address', user.address)
      await expectDetail(page, 'City', user.city)
      await expectDetail(page, 'Country', user.country)
      await expectDetail(page, 'Phone', user.phone)
      const details = page.getByRole('region', { name: 'Account Detail' })
      // Password, bank name and account number are disabled placeholders.
      for (const name of ['Password', 'Bank Name', 'Account Number']) {
        await expect(details.getByLabel(name, { exact: true })).toBeDisabled()
        await expect(details.getByLabel(name, { exact: true })).toHaveValue('')
      }
      // The password itself never reaches the page.
      expect(await page.content()).not.toContain(user.password)
      await expect(page.getByRole('button', { name: 'Change Pic' })).toBeVisible()
      await expect(profileAvatar(page, user.name)).toBeVisible()
    })
  }

  test('the admin profile shows the label Admin', async ({ page, signInAs }) => {
    await signInAs('admin')
    await page.goto('/user/profile')
    await expect(page.getByRole('heading', { name: DEMO_NAMES.admin, level: 1 })).toBeVisible()
    await expect(page.getByText('Admin', { exact: true })).toBeVisible()
    await expectDetail(page, 'Email', DEMO.admin)
    await expect(page.getByRole('button', { name: 'Change Pic' })).toBeVisible()
  })

  test('an admin opening /userProfile is sent to the admin profile', async ({ page, signInAs }) => {
    await signInAs('admin')
    await page.goto('/userProfile')
    await expect(page).toHaveURL(/\/user\/profile$/)
    await expect(page.getByText('Admin', { exact: true })).toBeVisible()
  })
})

test.describe('Change Pic', () => {
  test('a real PNG becomes the avatar', async ({ page, openAsNewUser }) => {
    const user = await openAsNewUser({ role: 'pm', prefix: 'pic' }, '/userProfile')
    const avatar = profileAvatar(page, user.name)
    const before = await avatar.getAttribute('src')
    expect(before).not.toMatch(PICTURE_SRC)

    await page.getByLabel('Profile picture').setInputFiles(PNG)
    await page.getByRole('button', { name: 'Change Pic' }).click()
    await expectToast(page, 'Picture successfully updated.', 'success')
    await expect(page).toHaveURL(/\/userProfile$/)
    await expect(avatar).toHaveAttribute('src', PICTURE_SRC)
    await expect(headerAvatar(page)).toHaveAttribute('src', PICTURE_SRC)

    const src = (await avatar.getAttribute('src'))!
    const picture = await page.request.get(src)
    expect(picture.status()).toBe(200)
    expect(picture.headers()['content-type']).toMatch(/^image\//)
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)

    // The new avatar stays after a reload, and the toast is not shown again.
    await page.reload()
    await expect(avatar).toHaveAttribute('src', src)
    await expect(page.getByText('Picture successfully updated.')).toHaveCount(0)
  })

  test('a text file named .png is refused and the avatar stays', async ({
    page,
    openAsNewUser,
  }) => {
    const user = await openAsNewUser({ role: 'pmm', prefix: 'notpic' }, '/userProfile')
    const avatar = profileAvatar(page, user.name)
    const before = await avatar.getAttribute('src')

    await page.getByLabel('Profile picture').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is plain text, not a picture.\n'),
    })
    await page.getByRole('button', { name: 'Change Pic' }).click()
    await expect(page.getByLabel('Profile picture')).toHaveAccessibleDescription(NOT_A_PICTURE)
    await expectToast(page, NOT_A_PICTURE, 'error')
    await expect(avatar).toHaveAttribute('src', before!)
    await page.goto('/userProfile')
    await expect(avatar).toHaveAttribute('src', before!)
  })

  test('a file over 5 MB is refused without JavaScript; with it, it is shrunk first', async ({
    page,
    jsEnabled,
    signInAsNewUser,
  }) => {
    const user = await signInAsNewUser({ role: 'pm', prefix: 'bigpic' })
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-big-'))
    const big = path.join(dir, 'big.png')
    try {
      const png = await fs.readFile(PNG)
      // A PNG followed by junk, a little over 5 MB in all.
      await fs.writeFile(big, Buffer.concat([png, randomBytes(5 * 1024 * 1024 + 1024)]))

      await page.goto('/userProfile')
      await ready(page, jsEnabled)
      const avatar = profileAvatar(page, user.name)
      const before = await avatar.getAttribute('src')
      await page.getByLabel('Profile picture').setInputFiles(big)
      if (jsEnabled) {
        // The browser shrinks the picture to what the server keeps: well under 5 MB, accepted.
        await expect(page.locator('output.picture-preview')).toHaveText(
          /^To send: 32 × 32, \d+ (B|KB) \(chosen: 5\.0 MB\)$/,
        )
        await page.getByRole('button', { name: 'Change Pic' }).click()
        await expectToast(page, 'Picture successfully updated.', 'success')
        await expect(avatar).toHaveAttribute('src', PICTURE_SRC)
        return
      }
      await page.getByRole('button', { name: 'Change Pic' }).click()
      await expect(page.getByLabel('Profile picture')).toHaveAccessibleDescription(TOO_LARGE)
      await expectToast(page, TOO_LARGE, 'error')
      await expect(avatar).toHaveAttribute('src', before!)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  test('a profile toast closes after about 3 seconds', async ({ page, openAsNewUser }) => {
    await openAsNewUser({ role: 'pm', prefix: 'pictoast' }, '/userProfile')
    await page.getByLabel('Profile picture').setInputFiles(PNG)
    await page.getByRole('button', { name: 'Change Pic' }).click()
    const t = await expectToast(page, 'Picture successfully updated.', 'success')
    // 3 s on the profile page (5 s elsewhere): gone well within 5 s.
    await expect(t).toBeHidden({ timeout: 4_500 })
  })
})
