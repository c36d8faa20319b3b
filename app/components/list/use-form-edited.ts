import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/**
 * True once a field of the form `formId` was changed since the page's query was shown: the
 * form's fields may then select other rows than the list (or report) the page counted. Reset by
 * each navigation (a Search, Clear filters, Back).
 */
export function useFormEdited(formId: string) {
  const { search } = useLocation()
  const [edited, setEdited] = useState(false)
  useEffect(() => {
    setEdited(false)
    const form = document.getElementById(formId)
    const change = () => setEdited(true)
    form?.addEventListener('input', change)
    form?.addEventListener('change', change)
    return () => {
      form?.removeEventListener('input', change)
      form?.removeEventListener('change', change)
    }
  }, [formId, search])
  return edited
}

/** A GET form's text fields as a query string: what the browser would send, as the form stands. */
export function formQuery(form: HTMLFormElement) {
  const fields = new URLSearchParams()
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') fields.append(name, value)
  }
  return fields.toString()
}
