import { DEMO, expect, signInWith, type Page } from './utils'
import type { Role } from './screens'

const DEMO_LOGIN = { pmm: DEMO.pmm, pm: DEMO.pm, admin: DEMO.admin } as const

/** The list each role opens its orders from. */
const ORDER_LIST = { pmm: '/orders', pm: '/orders', admin: '/all/order' } as const

/** Signs the page in as the demo user of `role` (none for anonymous). */
export async function signInAs(page: Page, role: Role) {
  if (role !== 'anonymous') await signInWith(page.request, DEMO_LOGIN[role])
}

/** The path with its `:orderId` / `:pId` filled in from what the role's lists link to. */
export async function resolve(page: Page, role: Role, template: string) {
  let path = template
  if (path.includes(':orderId') && role !== 'anonymous') {
    // As the list first opens (a demo user's lists remember other tests' searches).
    await page.goto(`${ORDER_LIST[role]}?clear=1`)
    const href = await page
      .getByRole('link', { name: /^View order / })
      .first()
      .getAttribute('href')
    // The link takes along the list it is on (`?back=`).
    expect(href, `an order in ${ORDER_LIST[role]}`).toMatch(/^\/orders\/view\/\d+\?back=/)
    path = path.replace('/orders/view/:orderId', href!.split('?')[0]!)
  }
  if (path.includes(':pId')) {
    await page.goto('/activeProducts?clear=1')
    const href = await page.locator('main a[href^="/view/"]').first().getAttribute('href')
    // The link takes along the list it is on (`?back=`).
    expect(href, 'a product in /activeProducts').toMatch(/^\/view\/\d{6}\?back=/)
    path = path.replace('/view/:pId', href!.split('?')[0]!)
  }
  return path
}
