/** Sign-in as the tests send it: through the page's action (a form) and through the API (JSON). */
import { DEMO_PASSWORD } from '../server/factories'
import { action as loginAction } from '../app/routes/_auth+/login'
import { action as loginApi } from '../app/routes/api+/v1+/user.login'
import { CLIENT_ADDRESS_HEADER } from '../app/utils/request.server'
import { call, formRequest, jsonRequest } from './route'

/** Where the request comes from: the browser's cookie, and the client address the proxy names. */
type From = { cookie?: string; client?: string }

function sentFrom(request: Request, client: string | undefined) {
  if (client) request.headers.set(CLIENT_ADDRESS_HEADER, client)
  return request
}

export const pageSignIn = (email: string, password = DEMO_PASSWORD, from: From = {}) =>
  call(loginAction, sentFrom(formRequest('/login', { email, password }, from.cookie), from.client))

export const apiSignIn = (email: string, password = DEMO_PASSWORD, from: From = {}) =>
  call(
    loginApi,
    sentFrom(
      jsonRequest('/api/v1/user/login', { email, password }, { cookie: from.cookie }),
      from.client,
    ),
  )
