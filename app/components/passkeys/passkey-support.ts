/** What the passkey buttons need to know before they are pressed (issue 30, decision 105). */

/** Whether this browser can use passkeys at all (WebAuthn). */
export const browserHasWebAuthn = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

export const PASSKEY_USED_HERE = 'passkey-used-here'

/**
 * Whether this browser has made or used a passkey here: then the login page offers the passkey
 * before the email and password (one Tab away), otherwise after them, so a password user's way
 * stays as it was.
 */
export function passkeyUsedHere() {
  try {
    return window.localStorage.getItem(PASSKEY_USED_HERE) === '1'
  } catch {
    return false
  }
}
