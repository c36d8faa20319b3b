import { parseWithZod } from '@conform-to/zod'
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link } from '@remix-run/react'
import { clientLazy } from '~/components/client-lazy'
import { useFormAnswer } from '~/components/forms/form-answer'
import { STATUS_BY_CODE } from '~/utils/http-errors'
import { authenticator, redirectSignedIn, requireAnonymous, SignInError } from '~/utils/auth.server'
import { dataWithToast } from '~/utils/toast.server'
import { LoginSchema } from '~/validation/user'
import { refusedReply } from '~/components/forms/reply.server'
import { readForm } from '~/utils/upload.server'
import type { PasskeyAnswer } from '~/components/passkeys/passkey-sign-in'
import { useLoadedOnMount } from '~/components/passkeys/loaded-on-mount'
import { signInWithPasskey } from '~/models/passkey.server'
import { knownDeviceUser } from '~/utils/known-device.server'
import { passkeyChallengeToken, requestRelyingParty } from '~/utils/passkey.server'
import { clientAddress } from '~/utils/request.server'

// The form brings the form code: the browser loads it once the page is used.
const LoginForm = clientLazy(() => import('~/components/login-form').then((m) => m.LoginForm))

// The passkey button (JavaScript and WebAuthn only) comes after hydration, in its own chunk.
const loadPasskeySignIn = () =>
  import('~/components/passkeys/passkey-sign-in').then((m) => m.PasskeySignIn)

export const meta: MetaFunction = () => [{ title: 'Sign in' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return null
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args
  await requireAnonymous(request)
  const formData = await readForm(request.clone())
  if (formData.get('intent') === 'passkey') return passkeyAction(args, formData)
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data(
      { result: refusedReply(submission, LoginSchema, { hide: ['password'] }) },
      { status: 400 },
    )
  }
  try {
    // The same sign-in check as the API, through remix-auth's form strategy.
    const signedIn = await authenticator.authenticate('form', request)
    return await redirectSignedIn(signedIn, submission.value.redirectTo)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    // The message is also said in the form: a toast fades, and without JavaScript it is all
    // there was.
    return dataWithToast(
      args,
      {
        result: refusedReply(submission, LoginSchema, {
          hide: ['password'],
          formErrors: [error.message],
        }),
      },
      { type: 'error', message: error.message },
      { status: STATUS_BY_CODE[error.failure.code] },
    )
  }
}

/**
 * "Sign in with a passkey" (decision 105): the browser's answer to this browser's challenge. The
 * same limits, refusals and redirect as the password form; a refusal is said on the page.
 */
async function passkeyAction(args: ActionFunctionArgs, formData: FormData) {
  const { request } = args
  const signedIn = await signInWithPasskey(
    {
      token: await passkeyChallengeToken(request),
      response: String(formData.get('response') ?? ''),
      client: clientAddress(request),
      knownDeviceOf: await knownDeviceUser(request),
    },
    requestRelyingParty(request),
  )
  if (signedIn.ok) return redirectSignedIn(signedIn, String(formData.get('redirectTo') ?? ''))
  return dataWithToast(
    args,
    { passkeyError: signedIn.message } satisfies PasskeyAnswer,
    { type: 'error', message: signedIn.message },
    { status: STATUS_BY_CODE[signedIn.code] },
  )
}

export default function LoginPage() {
  const lastResult = useFormAnswer()
  return (
    <main className="auth">
      <div className="auth__card">
        <h1 className="auth__title">Sign in</h1>
        <p className="auth__lead">Sign in with your email and password.</p>
        <PasskeySlot place="first" />
        <LoginForm lastResult={lastResult} />
        <PasskeySlot place="after" />
        <p className="auth__switch">
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </p>
      </div>
    </main>
  )
}

/**
 * Where the passkey button may show. Its own component: loading it re-renders only this slot (a
 * re-render of the page would drop the server HTML of the form whose code is not in yet).
 */
function PasskeySlot({ place }: { place: 'first' | 'after' }) {
  const PasskeySignIn = useLoadedOnMount(loadPasskeySignIn)
  return PasskeySignIn ? <PasskeySignIn place={place} /> : null
}
