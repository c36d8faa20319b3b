import { formQuery, useFormEdited } from './use-form-edited'

export const LIST_EXPORT_TEXTS = {
  rows: (total: number) =>
    `The file will hold ${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}.`,
  none: 'No rows match these filters, so there is nothing to export. Change the filters and press Search.',
  edited:
    'The filters were changed: the file holds what the form shows. Press Search to see how many rows match.',
} as const

/**
 * "Export (CSV)": a submit button of the list's filter form (`form=`, `formaction`), so the file
 * holds what the form shows, all pages, in the page's sort (the form carries it), even before
 * Search is pressed, without JavaScript too. Beside it, how many rows the file will hold (the
 * list's count); once a filter is changed (with JavaScript), that the form decides. Disabled,
 * with the reason, when no row matches.
 *
 * With JavaScript the router would take the file for a page: the button asks for it as a plain
 * navigation, which the browser saves (a refused export, too many running, brings the browser
 * back to the list with the message as a toast, as without JavaScript).
 */
export function ListExport({
  list,
  total,
  formId,
}: {
  list: string
  total: number
  formId: string
}) {
  const edited = useFormEdited(formId)
  const none = total === 0 && !edited
  const action = `/lists/${list}/export.csv`
  const noteId = `${formId}-export-note`
  return (
    <div className="report-actions">
      <button
        type="submit"
        form={formId}
        formAction={action}
        formMethod="get"
        className="btn btn--small"
        disabled={none}
        aria-describedby={noteId}
        onClick={(event) => {
          const form = document.getElementById(formId)
          if (!(form instanceof HTMLFormElement)) return
          event.preventDefault()
          window.location.assign(`${action}?${formQuery(form)}`)
        }}
      >
        Export (CSV)
      </button>
      <span id={noteId} className="report-actions__message">
        {edited
          ? LIST_EXPORT_TEXTS.edited
          : none
            ? LIST_EXPORT_TEXTS.none
            : LIST_EXPORT_TEXTS.rows(total)}
      </span>
    </div>
  )
}
