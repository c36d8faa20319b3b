import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string
    /** Short id of this request (also the `X-Request-Id` header), shown on error pages. */
    requestId?: string
  }
}
