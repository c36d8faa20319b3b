import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { NonceProvider } from './utils/nonce'

const ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}
const escapeScript = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c])

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

  const markup = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
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
  const html = end === -1 ? markup + scripts : markup.slice(0, end) + scripts + markup.slice(end)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(`<!DOCTYPE html>${html}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error instanceof Error ? error.stack : error)
}
