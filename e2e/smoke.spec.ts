import { expect, ready, signIn, test, DEMO } from './utils'

test('pm signs in and sees the dashboard', async ({ page, jsEnabled }) => {
  await signIn(page, DEMO.pm, jsEnabled)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('tab', { name: 'PM Dashboard' })).toBeVisible()
  await ready(page, jsEnabled)
})
