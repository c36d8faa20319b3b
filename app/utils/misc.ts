const ORIGIN = 'http://same.site'

/**
 * A same-site path to return to after signing in; anything else falls back. Browsers drop tabs
 * and newlines from URLs (`/\t/evil.example` becomes `//evil.example`) and a header cannot carry
 * control characters, so any whitespace or control character, a backslash, or a path that does
 * not stay on our origin once resolved is refused.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/u.test(to)) return fallback
  try {
    const url = new URL(to, ORIGIN)
    if (url.origin !== ORIGIN || to.startsWith('//')) return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
