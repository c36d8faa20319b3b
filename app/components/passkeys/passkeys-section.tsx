import { Form, useNavigation } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useEffect, useState } from 'react'
import { AddPasskey } from './add-passkey'

export type PasskeyListRow = { id: number; name: string; created: string; lastUsed: string }

/**
 * The profile's Passkeys (issue 30, decision 105): the user's passkeys (name, created, last used)
 * with Remove, a plain form post that works without JavaScript; and Add a passkey, which needs
 * JavaScript (the browser makes the passkey), so without it the section says so.
 */
export function PasskeysSection({ passkeys, path }: { passkeys: PasskeyListRow[]; path: string }) {
  // Add a passkey shows once the page runs JavaScript (the server's page says it needs it).
  const [withScript, setWithScript] = useState(false)
  useEffect(() => setWithScript(true), [])
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
      {withScript ? (
        <AddPasskey path={path} />
      ) : (
        // The server's page, and the page without JavaScript.
        <p>
          Adding a passkey needs JavaScript. Everything else on this page, removing a passkey too,
          works without it.
        </p>
      )}
    </section>
  )
}
