import { useActionData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { Button } from '~/components/forms/button'
import { browserHasWebAuthn } from './passkey-support'

/** Add a passkey: the browser makes it, the profile's action checks and keeps it. */
export function AddPasskey({ path }: { path: string }) {
  const [supported] = useState(browserHasWebAuthn)
  const [problem, setProblem] = useState<string>()
  const [asking, setAsking] = useState(false)
  const answer = useActionData<{ passkeyError?: string }>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const nameId = useId()
  useEffect(() => setProblem(undefined), [answer])
  if (!supported) return <p>This browser cannot make passkeys.</p>
  const busy = asking || navigation.formData?.get('intent') === 'add-passkey'
  const message = problem ?? answer?.passkeyError
  return (
    <form
      className="stack"
      aria-label="Add a passkey"
      onSubmit={async (event) => {
        event.preventDefault()
        if (busy) return
        const name = String(new FormData(event.currentTarget).get('name') ?? '')
        setAsking(true)
        setProblem(undefined)
        const outcome = await import('./passkey-client').then((m) => m.passkeyRegistration())
        setAsking(false)
        if ('error' in outcome) return setProblem(outcome.error)
        submit(
          { intent: 'add-passkey', name, response: outcome.response },
          { method: 'post', action: path, encType: 'multipart/form-data' },
        )
      }}
    >
      <div className="field">
        <label htmlFor={nameId} className="field__label">
          Passkey name (optional)
        </label>
        <input
          id={nameId}
          name="name"
          className="field__input"
          maxLength={60}
          autoComplete="off"
          aria-describedby={message ? 'add-passkey-error' : undefined}
        />
      </div>
      {message ? (
        <p id="add-passkey-error" className="field__error" role="alert">
          {message}
        </p>
      ) : null}
      <Button type="submit" variant="primary" aria-busy={busy || undefined}>
        Add a passkey
      </Button>
    </form>
  )
}
