import { Form, useNavigation } from '@remix-run/react'
import type { Toast } from '~/utils/toast'
import { Toaster } from './ui/toaster'

type Profile = {
  name: string
  email: string
  address: string
  city: string
  country: string
  phone: string
  roleLabel: string
  avatarUrl: string
}

export function ProfilePage({
  profile,
  error,
  toast,
}: {
  profile: Profile
  error?: string
  toast?: Toast | null
}) {
  const navigation = useNavigation()
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
        <Form method="post" encType="multipart/form-data" className="stack">
          <div className="field">
            <label htmlFor="profileImg" className="field__label">
              Profile picture
            </label>
            <input
              id="profileImg"
              name="profileImg"
              type="file"
              accept="image/*"
              required
              className="field__input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'profileImg-error' : undefined}
            />
            {error ? (
              <p id="profileImg-error" className="field__error">
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={navigation.state === 'submitting'}
          >
            Change Pic
          </button>
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
      <Toaster toast={toast} />
    </div>
  )
}
