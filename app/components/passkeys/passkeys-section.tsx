import { Form, useActionData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { Button, StatusButton } from '~/components/forms/button'
import { browserHasWebAuthn, passkeyRegistration } from './passkey-client'

export type PasskeyListRow = { id: number; name: string; created: string; lastUsed: string }

/**
 * The profile's Passkeys (issue 30, decision 105): the user's passkeys (name, created, last used)
 * with Remove, a plain form post that works without JavaScript; and Add a passkey, which needs
 * JavaScript (the browser makes the passkey), so without it the section says so.
 */
export function PasskeysSection({ passkeys, path }: { passkeys: PasskeyListRow[]; path: string }) {
  const navigation = useNavigation()
  const removing = navigation.formData?.get('intent') === 'remove-passkey'
  return (
    <section className="panel profile__passkeys" aria-labelledby="passkeys">
      <h2 id="passkeys" className="panel__title">
        Passkeys
      </h2>
      <p>
        A passkey signs you in with this device&apos;s lock (fingerprint, face or PIN) instead of
        your email and password.
      </p>
      {passkeys.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Your passkeys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.created}</td>
                  <td>{p.lastUsed}</td>
                  <td>
                    <Form method="post" action={path} encType="multipart/form-data">
                      <input type="hidden" name="intent" value="remove-passkey" />
                      <input type="hidden" name="passkeyId" value={p.id} />
                      <StatusButton
                        size="small"
                        pending={removing && navigation.formData?.get('passkeyId') === String(p.id)}
                        aria-label={`Remove passkey ${p.name}`}
                      >
                        Remove
                      </StatusButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddPasskey path={path} />
    </section>
  )
}

type Support = 'unknown' | 'yes' | 'no'

function AddPasskey({ path }: { path: string }) {
  const [support, setSupport] = useState<Support>('unknown')
  const [problem, setProblem] = useState<string>()
  const [asking, setAsking] = useState(false)
  const answer = useActionData<{ passkeyError?: string }>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const nameId = useId()
  useEffect(() => setSupport(browserHasWebAuthn() ? 'yes' : 'no'), [])
  useEffect(() => setProblem(undefined), [answer])
  if (support === 'unknown') {
    // The server's page, and the page without JavaScript.
    return (
      <p>
        Adding a passkey needs JavaScript. Everything else on this page, removing a passkey too,
        works without it.
      </p>
    )
  }
  if (support === 'no') return <p>This browser cannot make passkeys.</p>
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
        const outcome = await passkeyRegistration()
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
