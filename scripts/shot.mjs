import { chromium } from 'playwright-core'
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const base = process.env.BASE ?? 'http://localhost:3111'
const [email, ...paths] = process.argv.slice(2)
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } })
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text())
  })
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  if (email !== '-') {
    await page.goto(base + '/login')
    await page.waitForFunction(() => window.__remixRouter)
    await page.fill('input[name=email]', email)
    await page.fill('input[name=password]', 'password123')
    await page.click('button[type=submit]')
    await page.waitForURL(/dashboard/)
  }
  for (const p of paths) {
    await page.goto(base + p)
    await page.waitForTimeout(600)
    const name = `/tmp/shot-${p.replace(/\W+/g, '_')}-${width}.png`
    await page.screenshot({ path: name, fullPage: true })
    console.log(name)
  }
}
await browser.close()
