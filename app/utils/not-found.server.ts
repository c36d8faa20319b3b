import type { Result } from '~/core/result'

/** For page loaders: the page of a list, or the 404 page when the viewer may not see the list. */
export function pageOrNotFound<T extends object>(result: Result<T>): T {
  if (!result.ok) throw new Response('Not found', { status: 404 })
  return result
}
