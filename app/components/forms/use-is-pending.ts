import { useFormAction, useNavigation } from '@remix-run/react'

const pathOf = (action: string) => action.split('?')[0]

/**
 * True while a form of this page is being sent (and its answer loads). `formData` narrows it to
 * one form among several, e.g. `{ intent: 'release', reservationId: '12' }` for one table row.
 * A GET form (filters) replaces the query, so only its path is compared.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  formData,
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET'
  formData?: Record<string, string>
} = {}) {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  if (navigation.state === 'idle' || navigation.formMethod?.toUpperCase() !== formMethod) {
    return false
  }
  const expected = formAction ?? contextualFormAction
  const sameForm =
    formMethod === 'GET'
      ? pathOf(navigation.formAction ?? '') === pathOf(expected)
      : navigation.formAction === expected
  return (
    sameForm &&
    Object.entries(formData ?? {}).every(
      ([name, value]) => navigation.formData?.get(name) === value,
    )
  )
}
