/**
 * The browser's half of passkeys (issue 30, decision 105): asks the server for options, then the
 * browser for the passkey. Imported when a passkey button is pressed, and @simplewebauthn/browser
 * with it, so no page carries them before.
 */

import { PASSKEY_USED_HERE } from './passkey-support'

export const PASSKEY_CLIENT_MESSAGES = {
  cancelled:
    'The passkey request was cancelled or timed out. Please try again, or sign in with your email and password.',
  cancelledAdding: 'Adding the passkey was cancelled or timed out. Please try again.',
  alreadyHere: 'This device already holds a passkey for your account.',
  browser: 'Your browser could not use a passkey. Please try again.',
  server: 'Passkeys are not available right now. Please try again in a moment.',
} as const

function rememberPasskeyHere() {
  try {
    window.localStorage.setItem(PASSKEY_USED_HERE, '1')
  } catch {
    // Private mode without storage: the button stays after the form.
  }
}

class PasskeyProblem extends Error {}

async function passkeyOptions(purpose: 'sign-in' | 'register') {
  let body = null as { options?: unknown; message?: string } | null
  let status = 0
  try {
    const response = await fetch('/resources/passkey', {
      method: 'POST',
      body: new URLSearchParams({ purpose }),
      headers: { Accept: 'application/json' },
    })
    status = response.status
    body = (await response.json()) as typeof body
  } catch {
    throw new PasskeyProblem(PASSKEY_CLIENT_MESSAGES.server)
  }
  if (status !== 200 || !body?.options) {
    throw new PasskeyProblem(body?.message ?? PASSKEY_CLIENT_MESSAGES.server)
  }
  return body.options
}

/** What to tell the user when the browser's part failed. */
function clientMessage(error: unknown, adding: boolean) {
  if (error instanceof PasskeyProblem) return error.message
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return adding ? PASSKEY_CLIENT_MESSAGES.cancelledAdding : PASSKEY_CLIENT_MESSAGES.cancelled
  }
  if (adding && name === 'InvalidStateError') return PASSKEY_CLIENT_MESSAGES.alreadyHere
  return PASSKEY_CLIENT_MESSAGES.browser
}

type Outcome = { response: string } | { error: string }

/** Sign in: the browser's answer (JSON) to send to /login, or the message to show. */
export async function passkeyAssertion(): Promise<Outcome> {
  try {
    const options = await passkeyOptions('sign-in')
    const { startAuthentication } = await import('@simplewebauthn/browser')
    const answer = await startAuthentication({ optionsJSON: options as never })
    rememberPasskeyHere()
    return { response: JSON.stringify(answer) }
  } catch (error) {
    return { error: clientMessage(error, false) }
  }
}

/** Add a passkey: the browser's answer (JSON) to send to the profile, or the message to show. */
export async function passkeyRegistration(): Promise<Outcome> {
  try {
    const options = await passkeyOptions('register')
    const { startRegistration } = await import('@simplewebauthn/browser')
    const answer = await startRegistration({ optionsJSON: options as never })
    rememberPasskeyHere()
    return { response: JSON.stringify(answer) }
  } catch (error) {
    return { error: clientMessage(error, true) }
  }
}
