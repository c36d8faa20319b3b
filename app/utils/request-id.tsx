import { createContext, useContext, useState } from 'react'

const RequestIdContext = createContext<string | undefined>(undefined)
/** entry.server.tsx provides the id of the request being rendered. */
export const RequestIdProvider = RequestIdContext.Provider

// In the browser: the id the server printed on the error page it sent, taken once by the error
// boundary that hydrates that page. An error after a client-side navigation has no id to show;
// its request's id is in the X-Request-Id header and the log.
let printedId =
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector<HTMLElement>('[data-request-id]')?.dataset.requestId ?? undefined)

/** The reference an error page shows, so a report can be matched to the server's log. */
export function useRequestId() {
  const fromServer = useContext(RequestIdContext)
  const [id] = useState(() => {
    if (typeof document === 'undefined') return fromServer
    const printed = printedId
    printedId = undefined
    return printed
  })
  return id
}
