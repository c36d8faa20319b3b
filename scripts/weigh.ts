/**
 * `npm run weigh`: the bytes each page costs on the wire, measured in Debian's Chromium against the
 * built server on a fresh demo database (run `npm run build` first). For each page and role it
 * prints, in KB transferred (compressed, headers included), split by HTML, CSS, JS and pictures:
 *   first   a first visit with an empty cache (JavaScript on, the page left to settle);
 *   task    that first visit plus what the page fetches when it is first used (a key press: the
 *           form code `clientLazy` loads then), i.e. what a user needs to complete the page's
 *           main task, not only its first paint;
 *   repeat  the same page opened again in that browser (what the cache does not spare);
 *   no-js   a first visit with JavaScript off, empty cache.
 * Goals (issues 10 and 23): first and task ≤ 100 KB, repeat ≤ 15 KB, no-js ≤ 25 KB. Then Lighthouse's mobile
 * performance (median of 3) and accessibility scores for the key pages, when the lighthouse CLI
 * is installed. Not part of `npm test`: these are figures to read, not pass/fail checks.
 *
 * WEIGH_PORT (default 3243) picks the server's port; WEIGH_ONLY=/orders,/login narrows the pages;
 * WEIGH_LIGHTHOUSE=0 skips Lighthouse; WEIGH_DETAIL=1 lists each first visit's requests with their bytes.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { SCREENS, type Role } from '../e2e/screens'
import config from '../playwright.config'
import { startDemoServer } from './demo-server'

const PORT = Number(process.env.WEIGH_PORT ?? 3243)
const BASE = `http://localhost:${PORT}`
const DATA_DIR = path.resolve(`e2e/.artifacts/weigh-${PORT}`)
const PASSWORD = 'password123'
const GOALS = { first: 100, task: 100, repeat: 15, noJs: 25 }
const ONLY = process.env.WEIGH_ONLY?.split(',').filter(Boolean)
const DETAIL = process.env.WEIGH_DETAIL === '1'
const launchOptions = config.use?.launchOptions ?? {}

const LOGINS: Record<Exclude<Role, 'anonymous'>, string> = {
  admin: 'admin@example.com',
  pmm: 'pmm@example.com',
  pm: 'pm@example.com',
}
/**
 * Each role's screens (e2e/screens.ts), without the states a screen opens in (a dialog, edit mode,
 * a rename), a product's page and the 404 page; `:orderId` is replaced with an order the role may
 * see.
 */
const PAGES = Object.fromEntries(
  Object.entries(SCREENS).map(([role, paths]) => [
    role,
    paths.filter((p) => !/[?&](dialog|mode|rename)=|:pId|no-such-page/.test(p)),
  ]),
) as Record<Role, string[]>
const LIGHTHOUSE_PAGES: Array<[Role, string]> = [
  ['anonymous', '/login'],
  ['pm', '/dashboard'],
  ['pm', '/activeProducts'],
  ['pm', '/reservations'],
  ['pm', '/orders'],
]

type State = Awaited<ReturnType<BrowserContext['storageState']>>
type Kind = 'html' | 'css' | 'js' | 'img' | 'other'
/**
 * `later`: the pictures below the first screen that came anyway (Chromium fetches lazy pictures
 * within about 1,250 px of the window; without JavaScript it loads them all). Shown beside the
 * page and left out of the goals (decision record 099): the goals are the page's code, markup and
 * the pictures of its first screen.
 */
type Weight = Record<Kind, number> & { total: number; later: number }

if (!fs.existsSync('build/server/index.js')) {
  console.error('No build: run `npm run build` first.')
  process.exit(1)
}

if (
  await fetch(`${BASE}/login`).then(
    () => true,
    () => false,
  )
) {
  console.error(`Port ${PORT} is taken: stop what listens there or set WEIGH_PORT.`)
  process.exit(1)
}
const server = await startDemoServer(PORT, DATA_DIR)

let browser: Browser | undefined
try {
  browser = await chromium.launch(launchOptions)
  const states: Partial<Record<Role, State>> = {}
  for (const role of Object.keys(LOGINS) as Array<keyof typeof LOGINS>) {
    states[role] = await signIn(browser, LOGINS[role])
  }

  console.log(
    `\nKB transferred (goals: first ≤ ${GOALS.first}, task ≤ ${GOALS.task}, repeat ≤ ${GOALS.repeat}, no-js ≤ ${GOALS.noJs})`,
  )
  console.log(
    `${'role'.padEnd(10)}${'page'.padEnd(30)}${'first'.padStart(7)} ${'html/css/js/img'.padEnd(22)}${'task'.padStart(7)}${'repeat'.padStart(7)}${'no-js'.padStart(7)} ${'html/css/img'.padEnd(16)}${'later img (js/no-js)'.padStart(21)}`,
  )
  const over: string[] = []
  for (const role of Object.keys(PAGES) as Role[]) {
    for (const template of PAGES[role]) {
      if (ONLY && !ONLY.some((o) => template.startsWith(o))) continue
      const url = template.includes(':orderId')
        ? template.replace(':orderId', await someOrderId(browser, states[role]))
        : template
      // Without the service worker (decision 103): with it, the pages it fetches for the page come
      // through the worker and Chromium counts none of their bytes (a repeat visit showed 0 KB).
      // Its registration code still loads and counts; the worker itself is weighed in the decision.
      const context = await browser.newContext({
        storageState: states[role],
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      const first = await weighVisit(page, url, { use: true, detail: DETAIL })
      const repeat = await weighVisit(page, url)
      await context.close()
      const noJsContext = await browser.newContext({
        storageState: states[role],
        javaScriptEnabled: false,
      })
      const noJs = await weighVisit(await noJsContext.newPage(), url)
      await noJsContext.close()
      const kb = (n: number) => (n / 1024).toFixed(1)
      const split = (w: Weight, kinds: Kind[]) => kinds.map((k) => kb(w[k])).join('/')
      console.log(
        `${role.padEnd(10)}${url.padEnd(30)}${kb(first.total).padStart(7)} ${split(first, ['html', 'css', 'js', 'img']).padEnd(22)}${kb(first.task).padStart(7)}${kb(repeat.total).padStart(7)}${kb(noJs.total).padStart(7)} ${split(noJs, ['html', 'css', 'img']).padEnd(16)}${`${kb(first.later)}/${kb(noJs.later)}`.padStart(21)}`,
      )
      if (first.total > GOALS.first * 1024) over.push(`${role} ${url}: first ${kb(first.total)}`)
      if (first.task > GOALS.task * 1024) over.push(`${role} ${url}: task ${kb(first.task)}`)
      if (repeat.total > GOALS.repeat * 1024)
        over.push(`${role} ${url}: repeat ${kb(repeat.total)}`)
      if (noJs.total > GOALS.noJs * 1024) over.push(`${role} ${url}: no-js ${kb(noJs.total)}`)
    }
  }
  console.log(
    over.length ? `\nOver a goal:\n  ${over.join('\n  ')}` : '\nEvery page within the goals.',
  )

  if (process.env.WEIGH_LIGHTHOUSE !== '0') await lighthouseScores(states)
} finally {
  await browser?.close()
  server.kill('SIGTERM')
}

async function signIn(b: Browser, email: string) {
  const context = await b.newContext()
  const res = await context.request.post(`${BASE}/login`, {
    form: { email, password: PASSWORD, redirectTo: '' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  if (res.status() !== 302) throw new Error(`Signing in ${email} answered ${res.status()}.`)
  const state = await context.storageState()
  await context.close()
  return state
}

/** The first order the orders list of this role links to. */
async function someOrderId(b: Browser, state: State | undefined) {
  const context = await b.newContext({ storageState: state })
  const html = await (await context.request.get(`${BASE}/orders`)).text()
  await context.close()
  const id = html.match(/href="\/orders\/view\/([^"?]+)/)?.[1]
  if (!id) throw new Error('No order to open in the orders list.')
  return id
}

/**
 * Opens `url` and adds up the bytes that came over the network (Chromium's encodedDataLength:
 * compressed body plus headers; nothing for what the cache served), by resource type.
 */
async function weighVisit(
  page: Page,
  url: string,
  options: { use?: boolean; detail?: boolean } = {},
): Promise<Weight & { task: number }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
  const types = new Map<string, string>()
  const weight: Weight = { html: 0, css: 0, js: 0, img: 0, other: 0, total: 0, later: 0 }
  const pictures = new Map<string, { url: string; bytes: number }>()
  const urls = new Map<string, string>()
  let pending = 0
  let firstPaintDone = false
  cdp.on('Network.requestWillBeSent', (e) => {
    pending++
    urls.set(e.requestId, e.request.url)
  })
  cdp.on('Network.loadingFailed', () => pending--)
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
  cdp.on('Network.loadingFinished', (e) => {
    pending--
    const kind = kindOf(types.get(e.requestId))
    weight[kind] += e.encodedDataLength
    weight.total += e.encodedDataLength
    if (options.detail) {
      const phase = firstPaintDone ? 'task ' : 'first'
      console.log(
        `  ${phase} ${kind.padEnd(5)} ${(e.encodedDataLength / 1024).toFixed(2).padStart(6)} ${urls.get(e.requestId)?.replace(BASE, '')}`,
      )
    }
    if (kind === 'img') {
      pictures.set(e.requestId, { url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength })
    }
  })
  await page.goto(`${BASE}${url}`, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  if (page.url() !== `${BASE}${url}`) throw new Error(`${url} went to ${page.url()}.`)
  // The pictures of the first screen count; those below it that came anyway are `later`.
  const firstScreen = new Set(
    await page.evaluate(() =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect()
          return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
        })
        .map((img) => img.currentSrc || img.src),
    ),
  )
  const belowFirstScreen = () =>
    [...pictures.values()].reduce((sum, p) => sum + (firstScreen.has(p.url) ? 0 : p.bytes), 0)
  const later = belowFirstScreen()
  const firstPaint = {
    ...weight,
    total: weight.total - later,
    img: weight.img - later,
    later,
  }
  firstPaintDone = true
  if (options.use) {
    // The user starts: a key press (Tab to the first field) is the first use that fetches the
    // form's code; then wait until nothing has been in flight for half a second.
    await page.keyboard.press('Tab')
    await page.keyboard.press('a')
    let quietSince = Date.now()
    while (Date.now() - quietSince < 500) {
      if (pending > 0) quietSince = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  await cdp.detach()
  return { ...firstPaint, task: weight.total - belowFirstScreen() }
}

function kindOf(type: string | undefined): Kind {
  switch (type) {
    case 'Document':
      return 'html'
    case 'Stylesheet':
      return 'css'
    case 'Script':
      return 'js'
    case 'Image':
      return 'img'
    default:
      return 'other'
  }
}

/**
 * Lighthouse (mobile, its default) three times per page through its CLI on this Chromium, signed
 * in by the session cookie; prints the median performance score and the accessibility score.
 */
async function lighthouseScores(signedIn: Partial<Record<Role, State>>) {
  const local = path.resolve('node_modules/.bin/lighthouse')
  const cli = fs.existsSync(local)
    ? local
    : spawnSync('sh', ['-c', 'command -v lighthouse']).stdout.toString().trim()
  if (!cli) {
    console.log(
      '\nLighthouse is not installed (npm install --save-exact --save-dev lighthouse@13.5.0); no scores.',
    )
    return
  }
  console.log(
    '\nLighthouse, mobile (performance: median of 3; goals ≥ 0.95 and accessibility 1.00)',
  )
  for (const [role, url] of LIGHTHOUSE_PAGES) {
    if (ONLY && !ONLY.some((o) => url.startsWith(o))) continue
    const cookies = role === 'anonymous' ? [] : (signedIn[role]?.cookies ?? [])
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const runs: Array<{ performance: number; accessibility: number }> = []
    for (let i = 0; i < 3; i++) {
      const out = spawnSync(
        cli,
        [
          `${BASE}${url}`,
          '--output=json',
          '--quiet',
          '--only-categories=performance,accessibility',
          `--chrome-flags=${(launchOptions.args ?? []).join(' ')}`,
          ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        ],
        {
          env: { ...process.env, CHROME_PATH: launchOptions.executablePath ?? '/usr/bin/chromium' },
          maxBuffer: 64 * 1024 * 1024,
        },
      )
      if (out.status !== 0) {
        console.log(`${role} ${url}: lighthouse failed: ${out.stderr.toString().slice(-400)}`)
        break
      }
      const report = JSON.parse(out.stdout.toString()) as {
        finalDisplayedUrl: string
        categories: Record<'performance' | 'accessibility', { score: number }>
      }
      if (report.finalDisplayedUrl !== `${BASE}${url}`) {
        throw new Error(`Lighthouse's ${url} went to ${report.finalDisplayedUrl}.`)
      }
      runs.push({
        performance: report.categories.performance.score,
        accessibility: report.categories.accessibility.score,
      })
    }
    if (runs.length === 0) continue
    const perf = runs.map((r) => r.performance).sort((a, b) => a - b)
    console.log(
      `${role.padEnd(10)}${url.padEnd(30)}performance ${perf[Math.floor(perf.length / 2)]!.toFixed(2)} (${perf.join(', ')})  accessibility ${Math.min(...runs.map((r) => r.accessibility)).toFixed(2)}`,
    )
  }
}
