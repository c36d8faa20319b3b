import { useRouteLoaderData } from '@remix-run/react'
import type { Toast } from '~/utils/toast'

/**
 * The error toast's message, said in the form too, for a form whose refusal is a redirect back
 * with a toast (the reserve forms): a toast fades, and without JavaScript it is all there was.
 */
export function RefusalNote() {
  const toast = useRouteLoaderData<{ toast: Toast | null }>('root')?.toast
  if (toast?.type !== 'error') return null
  return <p className="field__error">{toast.message}</p>
}
