import crypto from 'node:crypto'
import { encodeWhole } from '~/core/content-coding.server'
import { CACHE_OWNER_HEADER } from './cache-owner.server'

/**
 * Validators for pages and their `.data` (issue 29, decision 109): a repeat view whose answer has
 * not changed costs headers only. Pages are `no-store` (Back after sign-out shows nothing), so no
 * browser cache ever asks; the service worker does, for the copy of the URL it keeps (public/sw.js).
 *
 * The ETag is a digest of what the answer says and to whom: its bytes, without the request's CSP
 * nonce (the one part that differs between two renders of the same page), and the cache owner (a
 * user's copy never validates another's). Computed from the rendered bytes, it is right by
 * construction: whatever changes a page (a write, a toast, the time of day, a new build) changes
 * its bytes. It saves the link, not the server's work: the page is rendered to be compared.
 */
export function answerWithValidator(
  request: Request,
  status: number,
  headers: Headers,
  parts: readonly (string | Buffer)[],
  nonce = '',
): Response {
  // Encoded part by part, not joined first: a string body is checked for lone surrogates, a scan
  // of the whole page (Buffer.from writes each as U+FFFD, as that check would), and a joined page
  // of over 64K characters with one beyond Latin-1 (over 128 KB) is a large object to V8,
  // allocated on pages of its own: a month's report page cost 0.2 ms more (performance.md, 58).
  const bytes = parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))
  if (status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD'))
    return whole(request, status, headers, bytes)

  const hash = crypto.createHash('sha1').update(`${headers.get(CACHE_OWNER_HEADER) ?? ''}\n`)
  // Over the bytes already made, the nonce's occurrences skipped: hashing the strings again cost
  // four times as much (they are encoded anew), 0.2 ms on a list page against 0.05.
  const skip = nonce ? Buffer.from(nonce) : null
  for (const part of bytes) {
    for (let at = 0; ;) {
      const found = skip ? part.indexOf(skip, at) : -1
      hash.update(part.subarray(at, found === -1 ? undefined : found))
      if (found === -1) break
      at = found + skip!.length
    }
  }
  const etag = `W/"${hash.digest('base64url').slice(0, 22)}"`
  headers.set('ETag', etag)

  const asked = request.headers.get('If-None-Match')
  if (asked !== null && matchesValidator(asked, etag)) {
    headers.delete('Content-Type')
    headers.delete('Content-Length')
    return new Response(null, { status: 304, headers })
  }
  return whole(request, status, headers, bytes)
}

/**
 * The answer with its whole body, compressed here in the coding the client takes (`encodeWhole`):
 * the server's streaming compression leaves an answer that says its Content-Encoding as it is.
 */
function whole(request: Request, status: number, headers: Headers, bytes: Buffer[]) {
  const { coding, body } = encodeWhole(Buffer.concat(bytes), request.headers.get('Accept-Encoding'))
  if (coding) headers.set('Content-Encoding', coding)
  headers.set('Content-Length', String(body.length))
  headers.append('Vary', 'Accept-Encoding')
  return new Response(body, { status, headers })
}

/** If-None-Match's weak comparison: `*`, or any listed tag with the same opaque value. */
export function matchesValidator(header: string, etag: string) {
  const wanted = opaque(etag)
  // A tag of ours is 22 characters: a longer header is a list, read no further than a page's worth.
  for (const item of header.slice(0, 4096).split(',')) {
    const tag = item.trim()
    if (tag === '*' || (wanted !== null && opaque(tag) === wanted)) return true
  }
  return false
}

const opaque = (tag: string) => /^(?:W\/)?("[^"]*")$/.exec(tag)?.[1] ?? null
