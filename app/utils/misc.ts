// Any whitespace or invisible character: browsers drop tabs and newlines from URLs (so "/\t/evil"
// becomes "//evil", another host), and a control character in a Location header is a 500.
const UNSAFE_IN_PATH = /[\s\p{C}\p{Z}\\]/u

/**
 * A same-site path to return to after signing in; anything else falls back. Accepted: a path
 * starting with one "/", without backslashes, whitespace or control characters, that the URL
 * parser reads as a path on our own origin, unchanged.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) return fallback
  if (to.length > 2000 || UNSAFE_IN_PATH.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, 'http://x')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://x' || !to.startsWith(url.pathname)) return fallback
  return to
}

/**
 * A detail page opened from a list carries the list's page in `?back=` (filters and page
 * included), so its Back, and every form that ends on the list, returns there. Without
 * JavaScript too: a link's state would only live in the browser's history with it.
 */
export const BACK_PARAM = 'back'

/** The list to return to: the `back` parameter when it is one of our paths, else `fallback`. */
export function backFrom(params: URLSearchParams, fallback: string) {
  return safeRedirect(params.get(BACK_PARAM), fallback)
}

/** `path` with its query `params` and the list to return to. */
export function withBack(path: string, back: string, params: Record<string, string> = {}) {
  return `${path}?${new URLSearchParams({ ...params, [BACK_PARAM]: back })}`
}
