/*
 * What the single-key shortcuts do (issue 30), loaded on the first one pressed. They act on the
 * page as it stands: the sidebar's links, the list's search field, its rows and its pages, so the
 * same keys work on every list without each screen declaring them.
 */

/** `g` then a letter: the sidebar entry it names (only the user's own: others do nothing). */
const GO_TO: Record<string, Record<string, string>> = {
  pm: { d: '/dashboard', o: '/orders', p: '/activeProducts', r: '/reservations' },
  pmm: { d: '/dashboard', o: '/orders', p: '/activeProducts', e: '/orderReport' },
  admin: { d: '/admin/dashboard', o: '/all/order', p: '/all/product', u: '/all/pmm' },
}

/** Follows a link as a click would, so the app navigates in place. */
function follow(link: Element | null | undefined) {
  if (link instanceof HTMLAnchorElement) link.click()
}

function rows() {
  return [...document.querySelectorAll<HTMLTableRowElement>('main table.table tbody tr')].filter(
    (tr) => tr.querySelector('a[href], input[type="checkbox"]'),
  )
}

/** A row takes the focus on its first link (so Enter opens it), else on itself. */
function focusRow(tr: HTMLTableRowElement) {
  const link = tr.querySelector<HTMLElement>('a[data-row-link], a[href]')
  if (link) {
    link.focus()
  } else {
    tr.tabIndex = -1
    tr.focus()
  }
  tr.scrollIntoView({ block: 'nearest' })
}

function rowBox(tr: Element | null | undefined) {
  return tr?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null
}

function moveRow(step: 1 | -1, select: boolean) {
  const all = rows()
  if (all.length === 0) return
  const current = (document.activeElement as Element | null)?.closest('tr')
  const at = current ? all.indexOf(current as HTMLTableRowElement) : -1
  const next = at < 0 ? (step === 1 ? 0 : all.length - 1) : at + step
  const target = all[Math.max(0, Math.min(all.length - 1, next))]
  if (!target) return
  if (select) {
    for (const tr of [current, target]) {
      const box = rowBox(tr)
      if (box && !box.checked) box.click()
    }
  }
  focusRow(target)
}

export function handleShortcut(key: string, shift: boolean, role: string) {
  if (key.startsWith('g ')) {
    const path = GO_TO[role]?.[key.slice(2)]
    if (path) follow(document.querySelector(`#sidebar a[href="${path}"]`))
    return
  }
  switch (key) {
    case '/': {
      const field = document.querySelector<HTMLInputElement>(
        'main input[type="search"], main input[type="number"], main input[type="text"]',
      )
      field?.focus()
      field?.select()
      return
    }
    case 'n': {
      const add = [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')].find((a) =>
        /^add\b/i.test(a.textContent?.trim() ?? ''),
      )
      follow(add)
      return
    }
    case 'j':
    case 'J':
      return moveRow(1, shift)
    case 'k':
    case 'K':
      return moveRow(-1, shift)
    case 'x': {
      const tr = (document.activeElement as Element | null)?.closest('tr')
      const box = rowBox(tr)
      if (box) box.click()
      else
        follow(
          [...document.querySelectorAll('main a[href]')].find(
            (a) => a.textContent?.trim() === 'Select orders',
          ),
        )
      return
    }
    case '[':
      return follow(document.querySelector('nav.pagination a[rel="prev"]'))
    case ']':
      return follow(document.querySelector('nav.pagination a[rel="next"]'))
  }
}
