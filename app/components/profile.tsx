import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { profileAction, profileLoader } from '~/utils/profile.server'
import { StatusButton } from './forms/button'
import { PictureInput } from './forms/fields'
import { UploadStatus, useUploadForm } from './forms/upload-form'
import { useIsPending } from './forms/use-is-pending'
import { clientLazy } from './client-lazy'

// The shortcuts' switch stays out of the chunk every page loads.
const ShortcutsSwitch = clientLazy(() =>
  import('./keyboard/shortcuts-switch').then((m) => m.ShortcutsSwitch),
)
// The passkeys (issue 30) too, fetched as soon as the profile shows.
const PasskeysSection = clientLazy(
  () => import('./passkeys/passkeys-section').then((m) => m.PasskeysSection),
  { when: 'shown' },
)

/** The profile page of /userProfile and /user/profile: avatar, Change Pic, Account Detail. */
export function ProfileScreen() {
  const { profile, passkeys, path } = useLoaderData<typeof profileLoader>()
  const answer = useActionData<typeof profileAction>()
  const error = answer && 'error' in answer ? answer.error : undefined
  const pending = useIsPending()
  const upload = useUploadForm()
  const details: Array<[string, string, boolean?]> = [
    ['Complete Name', profile.name],
    ['Email', profile.email],
    ['Password', '********', true],
    ['Address', profile.address],
    ['City', profile.city],
    ['Country', profile.country],
    ['Phone', profile.phone],
    ['Bank Name', 'Bank name', true],
    ['Account Number', 'Account number', true],
  ]
  return (
    <div className="profile">
      <section className="panel profile__card">
        <img
          src={profile.avatarUrl}
          alt={`${profile.name}'s picture`}
          width={160}
          height={160}
          className="avatar avatar--lg"
        />
        <h1 className="profile__name">{profile.name}</h1>
        <p className="profile__role">{profile.roleLabel}</p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="stack"
          onSubmit={upload.onSubmit()}
        >
          <PictureInput
            label="Profile picture"
            inputProps={{ id: 'profileImg', name: 'profileImg', required: true }}
            errors={error ? [error] : undefined}
          />
          <UploadStatus upload={upload} />
          <StatusButton variant="primary" pending={pending || upload.busy}>
            Change Pic
          </StatusButton>
        </Form>
      </section>
      <section className="panel profile__details" aria-labelledby="account-detail">
        <h2 id="account-detail" className="panel__title">
          Account Detail
        </h2>
        <div className="grid-2">
          {details.map(([label, value, placeholder]) => {
            const id = `detail-${label.toLowerCase().replace(/\W+/g, '-')}`
            return (
              <div className="field" key={label}>
                <label htmlFor={id} className="field__label">
                  {label}
                </label>
                {placeholder ? (
                  <input id={id} className="field__input" placeholder={value} disabled />
                ) : (
                  <input id={id} className="field__input" value={value} readOnly />
                )}
              </div>
            )
          })}
        </div>
      </section>
      <section className="panel profile__keyboard" aria-labelledby="keyboard-shortcuts">
        <h2 id="keyboard-shortcuts" className="panel__title">
          Keyboard shortcuts
        </h2>
        <ShortcutsSwitch on={profile.shortcuts} back={path} />
        <p>
          <Link to="/help">Help: every keyboard shortcut</Link>
        </p>
      </section>
      <PasskeysSection passkeys={passkeys} path={path} />
    </div>
  )
}
