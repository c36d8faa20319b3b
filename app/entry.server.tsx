import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { clientLazyLoaded } from './components/client-lazy'
import { METHOD_NOT_ALLOWED_TEXT } from './components/error-boundary'
import { markCacheOwner } from './utils/cache-owner.server'
import { NonceProvider } from './utils/nonce'
import { RequestIdProvider } from './utils/request-id'
import { answerWithValidator } from './utils/validator.server'
import { logError } from './utils/request.server'

const ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}
const escapeScript = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c])

/**
 * How long Remix's data encoder waits for deferred data. No loader here returns deferred data
 * (renderToString cannot wait for it), and the encoder's timer lives until the request's signal
 * aborts, which never happens when a request finishes normally: with the default, every request
 * left a 5-second timer holding its data (about 650 alive at 125 requests a second).
 */
export const streamTimeout = 0

const DOCTYPE = '<!DOCTYPE html>'

/**
 * Renders with renderToString (React 18's streaming renderer can corrupt non-ASCII text at chunk
 * boundaries). Single fetch hands route data to the browser through a stream that <RemixServer>
 * would transfer with Suspense; renderToString cannot wait for that, so the stream is read here
 * in full and written as the same inline scripts before </body>.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  const handoff = remixContext.serverHandoffStream
  ;(remixContext as { serverHandoffStream?: ReadableStream<Uint8Array> }).serverHandoffStream =
    undefined

  // renderToString cannot wait for a lazily loaded form: its module must be in first.
  await clientLazyLoaded()
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={loadContext.requestId}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </RequestIdProvider>
    </NonceProvider>,
  )

  let scripts = ''
  if (handoff) {
    const decoder = new TextDecoder()
    const reader = handoff.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      const text = decoder.decode(value, { stream: !done })
      if (text) {
        scripts += `<script nonce="${nonce}">window.__remixContext.streamController.enqueue(${escapeScript(JSON.stringify(text))});</script>`
      }
      if (done) break
    }
    scripts += `<script nonce="${nonce}">window.__remixContext.streamController.close();</script>`
  }

  const end = markup.lastIndexOf('</body>')
  const parts =
    end === -1
      ? [DOCTYPE, markup, scripts]
      : [DOCTYPE, markup.slice(0, end), scripts, markup.slice(end)]
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  await markCacheOwner(request, responseHeaders)
  return answerWithValidator(request, responseStatusCode, responseHeaders, parts, nonce)
}

/**
 * A signed-in user's `.data` says whose it is, as the page does (the service worker's caches), and
 * carries a validator as the page does. The encoder has finished by now (no deferred data).
 */
export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  await markCacheOwner(request, response.headers)
  if (response.status !== 200 || !response.body) return response
  const body = Buffer.from(await response.arrayBuffer())
  return answerWithValidator(request, response.status, response.headers, [body])
}

// Remix's own 4xx answers carry its internal wording (route ids, "did not provide an action").
const ROUTER_ERROR_TEXT: Record<number, string> = {
  400: 'The request was not understood.',
  403: 'This request is not allowed.',
  404: 'The page you asked for does not exist.',
  405: METHOD_NOT_ALLOWED_TEXT,
}

/**
 * Unexpected errors are logged once, on one line with the request id. Expected answers are not
 * errors: thrown Responses never reach here, and the router's own 4xx (a POST to a page without an
 * action, no matching route, a bad `?_data`) only get our wording instead of the framework's,
 * before they are sent.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) {
    error.data = ROUTER_ERROR_TEXT[error.status] ?? 'The request was not understood.'
    return
  }
  // Remix's notice that a client sent the pre-single-fetch `?_data` parameter: not our error.
  if (error instanceof Error && error.message.startsWith('Warning: Single fetch')) return
  const cause = isRouteErrorResponse(error) && 'error' in error ? error.error : error
  const url = new URL(request.url)
  logError(cause, { requestId: context.requestId, method: request.method, path: url.pathname })
}
