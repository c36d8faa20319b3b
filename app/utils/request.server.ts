/**
 * What the Express server (server.ts) tells the app about a request, and the one way unexpected
 * errors are logged.
 */

/**
 * The client's address (Express `req.ip`, which honours the reverse proxy on loopback). The
 * server sets this header on every request it hands to Remix, replacing whatever a client sent,
 * so the sign-in limits can count per client.
 */
export const CLIENT_ADDRESS_HEADER = 'x-review-desk-client'

export function clientAddress(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || undefined
}

/**
 * Set by the server, like the address, on Remix's own data requests (`/path.data`, sent by the
 * hydrated app), whose URL Remix strips before the loaders and actions see it.
 */
export const DATA_REQUEST_HEADER = 'x-review-desk-data'

export function isDataRequest(request: Request) {
  return request.headers.get(DATA_REQUEST_HEADER) === '1'
}

/**
 * Set by the server on every request it hands to Remix, replacing whatever a client sent: a number
 * no other request to this process has had. Remix gives each loader a copy of the request (its URL
 * stripped), the headers copied with it, so what one request's loaders share is kept by this key.
 */
export const REQUEST_KEY_HEADER = 'x-review-desk-request'

export function requestKey(request: Request) {
  return request.headers.get(REQUEST_KEY_HEADER) || undefined
}

/**
 * Logs an unexpected error once, on one line: request id, method, path, error name and message.
 * The stack only in development (production logs stay short and free of internals).
 */
export function logError(
  error: unknown,
  where: { requestId?: string; method?: string; path?: string },
) {
  const name = error instanceof Error ? error.name : typeof error
  const message = error instanceof Error ? error.message : String(error)
  const line = `[${where.requestId ?? '-'}] ${where.method ?? '-'} ${where.path ?? '-'} ${name}: ${message.replace(/\s+/g, ' ').slice(0, 500)}`
  console.error(line)
  if (process.env.NODE_ENV === 'development' && error instanceof Error && error.stack) {
    console.error(error.stack)
  }
}
