/** A same-site path to return to after signing in; anything else falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.startsWith('//') ||
    to.startsWith('/\\')
  ) {
    return fallback
  }
  return to
}
