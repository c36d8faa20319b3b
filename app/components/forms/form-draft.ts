import { useEffect, useMemo } from 'react'

const storageKey = (formId: string) => `draft:${formId}`

/**
 * Keeps what is typed in the form `formId` (not its files, nor hidden fields) in the tab's
 * sessionStorage, so a reload or a lost connection loses nothing: when the form is shown again
 * (on mount, and whenever `shownAs` changes) every field still empty gets its value back.
 * Called from the route, whose code is in at hydration, so the values come back at once even when
 * the form's own code is fetched later (React keeps what is in an uncontrolled field when it
 * hydrates it). `clearFormDraft` forgets the draft once the form has done its job.
 *
 * Returns the form's id with `restore` and `clear` bound to it, for the form's own code: a form
 * fetched later gets them from its route as a prop, so its chunk does not share this module with
 * the route's (which would split the route's code into a second file every visit loads).
 */
export function useFormDraft(formId: string, shownAs: string | null): FormDraft {
  useEffect(() => {
    const save = (event: Event) => {
      const { target } = event
      if (!(target instanceof Element) || !kept(target) || target.form?.id !== formId) return
      const values: Record<string, string> = {}
      for (const field of Array.from(target.form.elements)) {
        if (kept(field) && field.value !== '') values[field.name] = field.value
      }
      try {
        sessionStorage.setItem(storageKey(formId), JSON.stringify(values))
      } catch {
        // Storage full or refused (private mode): the form works as before, without the draft.
      }
    }
    document.addEventListener('input', save)
    document.addEventListener('change', save)
    return () => {
      document.removeEventListener('input', save)
      document.removeEventListener('change', save)
    }
  }, [formId])

  useEffect(() => {
    if (shownAs !== null) restoreFormDraft(formId)
  }, [formId, shownAs])

  return useMemo(
    () => ({
      formId,
      restore: () => restoreFormDraft(formId),
      clear: () => clearFormDraft(formId),
    }),
    [formId],
  )
}

/** A form's draft, as `useFormDraft` gives it to the form. */
export type FormDraft = { formId: string; restore: () => void; clear: () => void }

/**
 * Fills the fields of the form `formId` that are still empty from its draft (a value from the URL
 * or the server's answer wins). The form calls it again once its code is in: hydrating a select
 * sets it back to its default value.
 */
export function restoreFormDraft(formId: string) {
  const form = document.getElementById(formId)
  if (form instanceof HTMLFormElement) restore(form, read(formId))
}

export function clearFormDraft(formId: string) {
  try {
    sessionStorage.removeItem(storageKey(formId))
  } catch {
    // Nothing was kept.
  }
}

type Kept = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function kept(field: Element): field is Kept {
  if (field instanceof HTMLInputElement) {
    return Boolean(field.name) && !['file', 'hidden', 'password', 'submit'].includes(field.type)
  }
  return (
    (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) &&
    Boolean(field.name)
  )
}

function read(formId: string): Record<string, unknown> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey(formId)) ?? '{}')
    return saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function restore(form: HTMLFormElement, values: Record<string, unknown>) {
  for (const field of Array.from(form.elements)) {
    if (!kept(field)) continue
    const value = values[field.name]
    if (typeof value === 'string' && field.value === '') field.value = value
  }
}
