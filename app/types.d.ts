import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string
    /** Short id of this request (also the `X-Request-Id` header), shown on error pages. */
    requestId?: string
    /**
     * Resolves when the client has taken most of what was sent (under 1 MB waiting in the
     * connection), after letting the server answer other requests: streamed reports call it
     * between chunks so memory stays flat however slow the client is.
     */
    room?: () => Promise<void>
  }
}
