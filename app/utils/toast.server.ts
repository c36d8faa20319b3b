import crypto from 'node:crypto'
import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { secureCookies, sessionSecret } from './env.server'
import type { Toast, ToastType } from './toast'

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: '__toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies,
    secrets: [sessionSecret()],
  },
})

export function makeToast(type: ToastType, message: string): Toast {
  return { id: crypto.randomUUID(), type, message }
}

/** A Set-Cookie header that flashes a toast for the next page the browser shows. */
export async function toastHeader(type: ToastType, message: string) {
  const session = await toastStorage.getSession()
  session.flash('toast', makeToast(type, message))
  return toastStorage.commitSession(session)
}

export async function redirectWithToast(
  url: string,
  toast: { type: ToastType; message: string },
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast.type, toast.message))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the flashed toast. */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get('Cookie'))
  const toast = (session.get('toast') as Toast | undefined) ?? null
  return {
    toast,
    headers: toast ? { 'Set-Cookie': await toastStorage.destroySession(session) } : undefined,
  }
}
