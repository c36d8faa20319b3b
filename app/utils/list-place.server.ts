import { redirect } from '@remix-run/node'
import { hasFlashedToast } from './toast.server'
import { startOfBusinessDay } from '~/core/business-day.server'
import { forgetListPlace, rememberedListPlace, rememberListQuery } from '~/models/list-place.server'
import { CARD_PARAM, CLEAR_PARAM, SEARCH_TERM_PARAMS } from './list-params'

// Parameters Remix itself may add to a data request's URL.
const FRAMEWORK_PARAMS = new Set(['_routes', 'index', '_data'])

/**
 * The list a path names, whatever its spelling: `/ORDERS`, `/orders//` and `/%6Frders` are the
 * one list `/orders` (the router matches them all), so they share one remembered place.
 */
export function listKey(pathname: string) {
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {
    // Not percent-encoded text: kept as it is.
  }
  return path
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase()
}

/**
 * Whether the request may change a remembered place: a navigation from our own pages or typed by
 * the user (`Sec-Fetch-Site` same-origin or none), not a link on another site that would rewrite
 * the user's filters for them. Browsers that send no such header are taken at their word.
 */
function mayRemember(request: Request) {
  const site = request.headers.get('Sec-Fetch-Site')
  return !site || site === 'same-origin' || site === 'none'
}

/**
 * A list's place, kept per user on the server (product.md, Lists). Called by a list's loader
 * after its guard, with the names of the list's own parameters (its query schema's keys):
 * - opened without a query (the sidebar, a bookmark of the bare path): redirects to the query
 *   last remembered, if any; a search term remembered before today's business day began has
 *   expired (with the page it was on): the filters and sort come back without it;
 * - `?clear=1` ('Clear filters'): forgets it and redirects to the list without it;
 * - otherwise remembers the list's parameters of this URL (page 1 is left out: it is where a list
 *   opens). A URL with none of them (a confirm step, a tab link) leaves the place as it was.
 */
export async function restoreListPlace(
  request: Request,
  user: { id: number },
  listParams: readonly string[],
) {
  const url = new URL(request.url)
  const path = url.pathname
  const list = listKey(path)
  const params = [...url.searchParams].filter(([name]) => !FRAMEWORK_PARAMS.has(name))
  // A dashboard card's view of the list: as the card says, the remembered place left as it is.
  if (params.some(([name]) => name === CARD_PARAM)) return
  if (params.length === 0) {
    // After a write the page comes with a toast, which this redirect would lose (the root reads
    // it on this request): the list shows as it opens.
    if (await hasFlashedToast(request)) return
    const query = placeToRestore(user.id, list)
    if (query) throw redirect(`${path}?${query}`)
    return
  }
  if (params.some(([name]) => name === CLEAR_PARAM)) {
    if (mayRemember(request)) forgetListPlace(user.id, list)
    const rest = new URLSearchParams(params.filter(([name]) => name !== CLEAR_PARAM))
    throw redirect(rest.toString() ? `${path}?${rest}` : path)
  }
  const own = params.filter(([name]) => listParams.includes(name))
  if (own.length === 0 || !mayRemember(request)) return
  const kept = own.filter(([name, value]) => value.trim() && !(name === 'page' && value === '1'))
  rememberListQuery(user.id, list, new URLSearchParams(kept).toString())
}

/** The remembered query to bring back, without a search term whose day has ended. */
function placeToRestore(userId: number, list: string) {
  const place = rememberedListPlace(userId, list)
  if (!place || place.updatedAt >= startOfBusinessDay()) return place?.query
  const params = [...new URLSearchParams(place.query)]
  if (!params.some(([name]) => SEARCH_TERM_PARAMS.has(name))) return place.query
  const kept = new URLSearchParams(
    params.filter(([name]) => !SEARCH_TERM_PARAMS.has(name) && name !== 'page'),
  ).toString()
  rememberListQuery(userId, list, kept)
  return kept
}
