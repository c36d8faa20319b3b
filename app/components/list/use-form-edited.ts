import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/**
 * True once a field of the form `formId` was changed since the page's query was shown: the
 * form's fields may then select other rows than the list (or report) the page counted. Reset by
 * each navigation (a Search, Clear filters, Back). A change made before the page's code arrived
 * counts too.
 */
export function useFormEdited(formId: string) {
  const { search } = useLocation()
  const [edited, setEdited] = useState(false)
  // The query the server's HTML was written for, until the first navigation; and whether, when
  // the page's code arrived, a field already differed from that HTML: the user changed it
  // meanwhile (a slow link), before these listeners were there.
  const served = useRef<string | null>(search)
  const changedEarly = useRef<boolean>()
  useEffect(() => {
    const form = document.getElementById(formId)
    if (search !== served.current) served.current = null
    if (changedEarly.current === undefined && form instanceof HTMLFormElement)
      changedEarly.current = changedSinceServed(form)
    setEdited(served.current !== null && changedEarly.current === true)
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

/** Whether a field of `form` shows something else than the page's HTML gave it. */
function changedSinceServed(form: HTMLFormElement) {
  return Array.from(form.elements).some((field) => {
    if (field instanceof HTMLSelectElement) {
      const options = Array.from(field.options)
      const served = options.find((o) => o.defaultSelected) ?? options[0]
      return served !== undefined && field.value !== served.value
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      return field.checked !== field.defaultChecked
    return (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
      field.value !== field.defaultValue
    )
  })
}

/** A GET form's text fields as a query string: what the browser would send, as the form stands. */
export function formQuery(form: HTMLFormElement) {
  const fields = new URLSearchParams()
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') fields.append(name, value)
  }
  return fields.toString()
}
