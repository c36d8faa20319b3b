import { expect, test as base, type Page } from '@playwright/test'

export const PASSWORD = 'password123'
export const DEMO = {
  admin: 'admin@example.com',
  pmm: 'pmm@example.com',
  pmm2: 'pmm2@example.com',
  pm: 'pm@example.com',
  pm2: 'pm2@example.com',
} as const

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name !== 'no-js')
  },
})
export { expect }

let counter = 0
/** An email no other test uses. */
export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`
}

/** Waits for React to take over the page when JavaScript is on. */
export async function ready(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined)
}

export async function signIn(page: Page, email: string, jsEnabled: boolean, password = PASSWORD) {
  await page.goto('/login')
  await ready(page, jsEnabled)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export const toast = (page: Page) => page.locator('[data-toast]')
