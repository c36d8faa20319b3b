/**
 * The browser's half of passkeys (issue 30, decision 105): asks the server for options, then the
 * browser for the passkey. @simplewebauthn/browser is imported only here, on use, so no page
 * carries it before a passkey button is pressed.
 */

export const PASSKEY_CLIENT_MESSAGES = {
  cancelled:
    'The passkey request was cancelled or timed out. Please try again, or sign in with your email and password.',
  cancelledAdding: 'Adding the passkey was cancelled or timed out. Please try again.',
  alreadyHere: 'This device already holds a passkey for your account.',
  browser: 'Your browser could not use a passkey. Please try again.',
  server: 'Passkeys are not available right now. Please try again in a moment.',
} as const

/** Whether this browser can use passkeys at all (WebAuthn). */
export const browserHasWebAuthn = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

const USED_HERE = 'passkey-used-here'

/**
 * Whether this browser has made or used a passkey here: then the login page offers the passkey
 * before the email and password (one Tab away), otherwise after them, so a password user's way
 * stays as it was.
 */
export function passkeyUsedHere() {
  try {
    return window.localStorage.getItem(USED_HERE) === '1'
  } catch {
    return false
  }
}

function rememberPasskeyHere() {
  try {
    window.localStorage.setItem(USED_HERE, '1')
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
