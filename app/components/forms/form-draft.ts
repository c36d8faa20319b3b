import { useEffect } from 'react'

const storageKey = (formId: string) => `draft:${formId}`

/**
 * Keeps what is typed in a form (not its files, nor hidden fields) in the tab's sessionStorage, so
 * a reload or a lost connection loses nothing: on the next visit every field still empty gets its
 * value back. `clearFormDraft` forgets it once the form has done its job.
 */
export function useFormDraft(formId: string) {
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    restore(form, read(formId))
    const save = () => {
      const values: Record<string, string> = {}
      for (const field of Array.from(form.elements)) {
        if (kept(field) && field.value !== '') values[field.name] = field.value
      }
      try {
        sessionStorage.setItem(storageKey(formId), JSON.stringify(values))
      } catch {
        // Storage full or refused (private mode): the form works as before, without the draft.
      }
    }
    form.addEventListener('input', save)
    form.addEventListener('change', save)
    return () => {
      form.removeEventListener('input', save)
      form.removeEventListener('change', save)
    }
  }, [formId])
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

/** Fills the fields still empty (a value from the URL or the server's answer wins). */
function restore(form: HTMLFormElement, values: Record<string, unknown>) {
  for (const field of Array.from(form.elements)) {
    if (!kept(field)) continue
    const value = values[field.name]
    if (typeof value === 'string' && field.value === '') field.value = value
  }
}
