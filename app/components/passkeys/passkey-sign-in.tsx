import { useActionData, useNavigation, useSearchParams, useSubmit } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/forms/button'
import { browserHasWebAuthn, passkeyUsedHere } from './passkey-support'

/** What the login action answers a refused passkey with. */
export type PasskeyAnswer = { passkeyError?: string }

/**
 * "Sign in with a passkey" (issue 30, decision 105): shown only once the page runs JavaScript in
 * a browser with WebAuthn (without either, the page is the email and password form as before).
 * The browser asks for any passkey of this site (no email typed); its answer goes to /login,
 * which signs in and redirects like the password form, or says here why not.
 *
 * The page renders it twice, before and after the password form (`place`), once hydrated; it
 * shows in one of them: first in a browser that has made or used a passkey here (the first Tab reaches it), after
 * the form otherwise (a password user tabs to Email first, as before passkeys).
 */
export function PasskeySignIn({ place }: { place: 'first' | 'after' }) {
  // Mounted in the browser only (the login page loads it after hydration).
  const [supported] = useState(
    () => browserHasWebAuthn() && (passkeyUsedHere() ? 'first' : 'after'),
  )
  const [problem, setProblem] = useState<string>()
  const [asking, setAsking] = useState(false)
  const [searchParams] = useSearchParams()
  const answer = useActionData<PasskeyAnswer>()
  const navigation = useNavigation()
  const submit = useSubmit()
  // A new answer from the server replaces what the browser said before.
  useEffect(() => setProblem(undefined), [answer])
  if (supported !== place) return null
  const busy = asking || navigation.formData?.get('intent') === 'passkey'
  const message = problem ?? answer?.passkeyError
  return (
    <div className={`passkey-sign-in passkey-sign-in--${place} stack`}>
      <Button
        variant={place === 'first' ? 'primary' : 'default'}
        block
        aria-busy={busy || undefined}
        aria-describedby={message ? 'passkey-error' : undefined}
        onClick={async () => {
          if (busy) return
          setAsking(true)
          setProblem(undefined)
          const outcome = await import('./passkey-client').then((m) => m.passkeyAssertion())
          setAsking(false)
          if ('error' in outcome) return setProblem(outcome.error)
          submit(
            {
              intent: 'passkey',
              response: outcome.response,
              redirectTo: searchParams.get('redirectTo') ?? '',
            },
            { method: 'post', action: '/login' },
          )
        }}
      >
        Sign in with a passkey
      </Button>
      {message ? (
        <p id="passkey-error" className="form-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}
