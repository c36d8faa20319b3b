import { useRef, type Key, type ReactNode } from 'react'
import { RowActionsProvider, useRowActions } from './row-actions'
import { useKeepRowFocus } from './use-keep-row-focus'
import { LIST_TEXT, useListLoading } from './use-list-loading'

/** One column of a table: its header and how a row fills its cell. */
export type Column<Row> = {
  header: string
  cell: (row: Row, index: number) => ReactNode
  /** `num` right-aligns numbers; other classes style the cell. */
  className?: string
}

/**
 * A table driven by its columns: 'Loading....' while the next view of the list loads, the empty
 * text when there are no rows. The caption names the table for assistive technology.
 *
 * A real table where it fits; in a narrow box (a phone) the stylesheet turns each row into a card
 * whose cells are captioned by `data-label`, so a row's facts and its action are all in view.
 * With `card`, that card is compact: only the named columns (the row's identifying fields, its
 * status and its actions, the View link among them); the others stay in the table for wider
 * screens and assistive technology's table view, and are on the page the View link opens.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowId,
  id,
  emptyText = LIST_TEXT.empty,
  loadingText = LIST_TEXT.loading,
  scroll = false,
  card,
}: {
  caption: string
  columns: ReadonlyArray<Column<Row>>
  rows: ReadonlyArray<Row>
  rowKey: (row: Row) => Key
  /** The row's element id, which a row's form sent without JavaScript returns to. */
  rowId?: (row: Row) => string
  id?: string
  emptyText?: string
  loadingText?: string
  /** Too many columns for any screen: the table scrolls sideways in its own box. */
  scroll?: boolean
  /** The headers of the columns a phone's compact card keeps (every column when absent). */
  card?: ReadonlyArray<string>
}) {
  const loading = useListLoading()
  const message = loading ? loadingText : rows.length === 0 ? emptyText : null
  const table = useRef<HTMLTableElement>(null)
  useKeepRowFocus(table, rows)
  const sending = useRowActions(table)
  return (
    <div
      className={scroll ? 'table-wrap table-wrap--scroll' : 'table-wrap'}
      aria-busy={loading || undefined}
      // A box that scrolls sideways takes the focus, so the keyboard can scroll it too; named by
      // its table, as a region.
      {...(scroll ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className={card ? 'table table--compact' : 'table'} id={id} ref={table}>
        <RowActionsProvider sending={sending}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={`${c.header}-${i}`} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {message !== null ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="table__message"
                  role={loading ? 'status' : undefined}
                >
                  {message}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)} id={rowId?.(row)}>
                  {columns.map((c, i) => (
                    <td
                      key={`${c.header}-${i}`}
                      className={cellClass(c, card)}
                      data-label={c.header}
                    >
                      {c.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </RowActionsProvider>
      </table>
    </div>
  )
}

/** A cell of a column the compact card leaves out gets `table__more`, which a phone hides. */
function cellClass<Row>(column: Column<Row>, card: ReadonlyArray<string> | undefined) {
  if (!card || card.includes(column.header)) return column.className
  return column.className ? `${column.className} table__more` : 'table__more'
}
