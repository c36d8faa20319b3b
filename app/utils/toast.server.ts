import crypto from 'node:crypto'
import { createCookieSessionStorage, data, redirect } from '@remix-run/node'
import { secureCookies, sessionSecret } from '~/core/env.server'
import { isDataRequest } from './request.server'
import type { Toast, ToastType, ToastUndo } from './toast'

/*
 * The app's one toast channel: a toast is flashed by a page's action and shown by the root (its
 * loader reads it, its Toaster shows it).
 */

const toastStorage = createCookieSessionStorage({
  cookie: {
    // `__Host-` where HTTPS is on, like the session cookie.
    name: secureCookies ? '__Host-toast' : '__toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureCookies,
    secrets: [sessionSecret()],
  },
})

type NewToast = { type: ToastType; message: string; undo?: ToastUndo }

function makeToast(type: ToastType, message: string, undo?: ToastUndo): Toast {
  const toast: Toast = { id: crypto.randomUUID(), type, message }
  return undo ? { ...toast, undo } : toast
}

async function flash(toast: Toast) {
  const session = await toastStorage.getSession()
  session.flash('toast', toast)
  return toastStorage.commitSession(session)
}

/** A Set-Cookie header that flashes a toast for the next page the browser shows. */
export async function toastHeader(type: ToastType, message: string) {
  return flash(makeToast(type, message))
}

export async function redirectWithToast(url: string, toast: NewToast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await flash(makeToast(toast.type, toast.message, toast.undo)))
  return redirect(url, { ...init, headers })
}

/** Toasts for the page this same request renders, by the request's load context. */
const toastsOfThisPage = new WeakMap<object, Toast>()

/**
 * A form sent without JavaScript (or by any client that is not Remix's): this request's own
 * render is the answer. With JavaScript, Remix fetches the answer from `<path>.data` (which the
 * server marks, see request.server.ts) and loads the page data in a second request.
 */
function isDocumentRequest(request: Request) {
  return !isDataRequest(request)
}

/**
 * The answer of a refused form (field errors, the typed values) that also tells the user
 * something in a toast ("Incorrect username or password...", "Please try again later!").
 * Without JavaScript the page is rendered by this same request, so the toast goes straight to the
 * root's loader (a flashed cookie would only show on the next page); with JavaScript it is
 * flashed in the cookie, which the root reads when it loads again after the action.
 */
export async function dataWithToast<T>(
  args: { request: Request; context: object },
  value: T,
  toast: NewToast,
  init: { status: number },
) {
  const made = makeToast(toast.type, toast.message)
  if (isDocumentRequest(args.request)) {
    toastsOfThisPage.set(args.context, made)
    return data(value, init)
  }
  return data(value, { ...init, headers: { 'Set-Cookie': await flash(made) } })
}

/** The root's loader: the toast to show (this request's, or the flashed one) and clears it. */
export async function getToast(request: Request, context?: object) {
  const session = await toastStorage.getSession(request.headers.get('Cookie'))
  const flashed = (session.get('toast') as Toast | undefined) ?? null
  const toast = (context && toastsOfThisPage.get(context)) ?? flashed
  return {
    toast,
    headers: flashed ? { 'Set-Cookie': await toastStorage.destroySession(session) } : undefined,
  }
}

/** Whether a toast waits for the next page (a list then shows as asked, not redirected). */
export async function hasFlashedToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get('Cookie'))
  return session.has('toast')
}
