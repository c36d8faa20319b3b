import { useRef, useState, type MouseEvent } from 'react'
import { formQuery, useFormEdited } from '~/components/list/use-form-edited'

/** The report files, by their button. */
const FILES = [
  { label: 'COPY', ext: 'txt', name: 'text' },
  { label: 'EXCEL', ext: 'xlsx', name: 'Excel file' },
  { label: 'CSV', ext: 'csv', name: 'CSV file' },
  { label: 'PDF', ext: 'pdf', name: 'PDF file' },
] as const
type File = (typeof FILES)[number]

export const EXPORT_TEXTS = {
  none: 'No orders match these filters, so there is nothing to export. Change the filters and press Search.',
  preparing: (file: File) => `Preparing the ${file.name}…`,
  ready: (name: string) => `${name} is ready.`,
  failed: 'The file could not be prepared. Please try again.',
  edited:
    'The filters were changed: the files hold what the form shows. Press Search to see how many orders match.',
} as const

/**
 * COPY, EXCEL, CSV and PDF: submit buttons of the filter form (`form=`, `formaction`), so a file
 * holds what the form shows, even before Search is pressed, without JavaScript too (the form is
 * sent as a GET to the file). They are disabled, with the reason, when no order matches the
 * filters searched (with JavaScript, until a filter is changed).
 *
 * With JavaScript a file is fetched and then saved: the page says it is being prepared, and a
 * second press meanwhile starts nothing. COPY puts the text on the clipboard. A report refused
 * because too many are running is asked for again as a page, so the server answers as it does
 * without JavaScript: back here, with its message as a toast.
 */
export function ExportButtons({ formId, total }: { formId: string; total: number }) {
  const edited = useFormEdited(formId)
  const [message, setMessage] = useState('')
  const busy = useRef(false)
  const [preparing, setPreparing] = useState<File['ext'] | null>(null)

  const none = total === 0 && !edited
  const press = async (event: MouseEvent<HTMLButtonElement>, file: File) => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    // Sent here, not by the form: the router would take the file for a page.
    event.preventDefault()
    if (busy.current) return
    busy.current = true
    setPreparing(file.ext)
    setMessage(EXPORT_TEXTS.preparing(file))
    const url = `/orderReport/export.${file.ext}?${formQuery(form)}`
    try {
      setMessage(await fetchFile(url, file))
    } catch {
      setMessage(EXPORT_TEXTS.failed)
    } finally {
      busy.current = false
      setPreparing(null)
    }
  }

  return (
    <div className="report-actions">
      {FILES.map((file) => (
        <button
          key={file.ext}
          type="submit"
          form={formId}
          formAction={`/orderReport/export.${file.ext}`}
          formMethod="get"
          className="btn"
          disabled={none}
          aria-describedby={none ? 'report-exports-none' : undefined}
          aria-busy={preparing === file.ext || undefined}
          onClick={(event) => void press(event, file)}
        >
          {file.label}
        </button>
      ))}
      {none ? (
        <span id="report-exports-none" className="report-actions__message">
          {EXPORT_TEXTS.none}
        </span>
      ) : null}
      {edited ? <span className="report-actions__message">{EXPORT_TEXTS.edited}</span> : null}
      <span role="status" className="report-actions__message">
        {message}
      </span>
    </div>
  )
}

/** Fetches a report file: the text to the clipboard (COPY), a file saved under its own name. */
async function fetchFile(url: string, file: File): Promise<string> {
  const response = await fetch(url)
  if (response.status === 429) {
    if (file.ext === 'txt') return ((await response.json()) as { message: string }).message
    window.location.assign(url)
    return ''
  }
  // A filter the server refuses: its message (the page shows the same one).
  if (response.status === 400) return response.text()
  if (!response.ok) throw new Error(String(response.status))
  if (file.ext === 'txt') {
    const text = await response.text()
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      window.location.assign(url)
      return 'The rows could not be copied. Opening them instead…'
    }
    const rows = text.split('\n').filter(Boolean).length - 1
    return `Copied ${rows} ${rows === 1 ? 'row' : 'rows'} to the clipboard.`
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `orders.${file.ext}`
  const blob = await response.blob()
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
  return EXPORT_TEXTS.ready(name)
}
