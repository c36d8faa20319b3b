import { Form, Link, useSearchParams } from '@remix-run/react'
import { useId, useRef, type Key, type ReactNode } from 'react'
import { RowActionsProvider, useRowActions } from './row-actions'
import { useKeepRowFocus } from './use-keep-row-focus'
import { LIST_TEXT, useListLoading } from './use-list-loading'

/** One column of a table: its header and how a row fills its cell. */
export type Column<Row> = {
  header: string
  cell: (row: Row, index: number) => ReactNode
  /** `num` right-aligns numbers; other classes style the cell. */
  className?: string
  /** The list's `sort` key for this column: its header is a link that sorts by it. */
  sort?: string
}

/**
 * The sort a list shows, read as the server reads it (models' sortedOrder): the URL's `sort` when
 * it is one of the columns', else the default; the URL's `dir` when it is asc or desc, else asc
 * for a sort asked for and desc for the default. An unknown value is dropped, as by the server,
 * so `?sort=bogus&dir=sideways` shows the default column as sorted.
 */
function useShownSort(defaultSort: string | undefined, sorts: ReadonlyArray<string>) {
  const [params] = useSearchParams()
  const asked = params.get('sort')
  const sort = asked && sorts.includes(asked) ? asked : undefined
  const dir = params.get('dir')
  return {
    params,
    key: sort ?? defaultSort,
    dir: dir === 'asc' || dir === 'desc' ? dir : sort ? 'asc' : 'desc',
  }
}

/**
 * A sortable column's header: a link (so it works without JavaScript and from the keyboard) to
 * the same list sorted by it, ascending, or the other way round when it is the sort already;
 * back on page 1, the filters kept. `aria-sort` on the th says how the list is sorted.
 */
function SortHeader({
  header,
  sort,
  shown,
}: {
  header: string
  sort: string
  shown: ReturnType<typeof useShownSort>
}) {
  const active = shown.key === sort
  const next = new URLSearchParams(shown.params)
  next.delete('page')
  next.set('sort', sort)
  next.set('dir', active && shown.dir === 'asc' ? 'desc' : 'asc')
  return (
    <th
      scope="col"
      aria-sort={active ? (shown.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      // Where the rows are cards the header row is out of sight: its link takes no focus there
      // (the "Sort by" form sorts) and the stylesheet writes this name in its place.
      data-label={header}
    >
      <Link to={`?${next}`} className="table__sort" preventScrollReset>
        {header}
        {/* The mark is drawn by the stylesheet: the header's text stays the column's name. */}
        <span
          aria-hidden="true"
          className="table__sort-mark"
          data-dir={active ? shown.dir : 'none'}
        />
      </Link>
    </th>
  )
}

/**
 * A table driven by its columns: 'Loading....' (or the list's spelling) while the next view of the
 * list loads, the one empty text of every list when there are no rows. The caption names the
 * table for assistive technology.
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
  loadingText = LIST_TEXT.loading,
  scroll = false,
  card,
  defaultSort,
}: {
  caption: string
  columns: ReadonlyArray<Column<Row>>
  rows: ReadonlyArray<Row>
  rowKey: (row: Row) => Key
  /** The row's element id, which a row's form sent without JavaScript returns to. */
  rowId?: (row: Row) => string
  id?: string
  loadingText?: string
  /** Too many columns for any screen: the table scrolls sideways in its own box. */
  scroll?: boolean
  /** The headers of the columns a phone's compact card keeps (every column when absent). */
  card?: ReadonlyArray<string>
  /** The `sort` key the list is in when its URL names none (its header shows it as sorted). */
  defaultSort?: string
}) {
  const shown = useShownSort(
    defaultSort,
    columns.flatMap((c) => (c.sort ? [c.sort] : [])),
  )
  const loading = useListLoading()
  const message = loading ? loadingText : rows.length === 0 ? LIST_TEXT.empty : null
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
      <SortForm columns={columns} shown={shown} />
      <table className={card ? 'table table--compact' : 'table'} id={id} ref={table}>
        <RowActionsProvider sending={sending}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) =>
                c.sort ? (
                  <SortHeader
                    key={`${c.header}-${i}`}
                    header={c.header}
                    sort={c.sort}
                    shown={shown}
                  />
                ) : (
                  <th key={`${c.header}-${i}`} scope="col">
                    {c.header}
                  </th>
                ),
              )}
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
                      className={c.className}
                      data-label={inCard(c, card) ? c.header : undefined}
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

/**
 * Whether a column's cells are in the phone's card: every column, or with `card` the named ones.
 * Only those are captioned (`data-label`); a compact table's cells without a caption are the ones
 * a phone hides (app.css), so a 16-column report row carries 5 captions, not 16.
 */
function inCard<Row>(column: Column<Row>, card: ReadonlyArray<string> | undefined) {
  return !card || card.includes(column.header)
}

/**
 * Where the rows are cards (a phone) the header row is out of sight: a "Sort by" form takes the
 * sort links' place, visible, and a GET form, so it works without JavaScript: the column, the
 * direction, Sort. It keeps the list's filters and starts again on page 1, as a header link does.
 * The stylesheet shows it only while the rows are cards.
 */
function SortForm<Row>({
  columns,
  shown,
}: {
  columns: ReadonlyArray<Column<Row>>
  shown: ReturnType<typeof useShownSort>
}) {
  const id = useId()
  const sortable = columns.filter((c) => c.sort)
  if (sortable.length === 0) return null
  const kept = [...shown.params].filter(([name]) => !['sort', 'dir', 'page'].includes(name))
  return (
    <Form method="get" className="table-sort" preventScrollReset aria-label="Sort the list">
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-sort`} className="table-sort__label">
        Sort by
      </label>
      <select
        id={`${id}-sort`}
        name="sort"
        className="field__input"
        key={`sort-${shown.key}`}
        defaultValue={sortable.some((c) => c.sort === shown.key) ? shown.key : ''}
      >
        {/* A list in an order no column names (its default) says so. */}
        {!sortable.some((c) => c.sort === shown.key) ? (
          <option value="">Default order</option>
        ) : null}
        {sortable.map((c) => (
          <option key={c.sort} value={c.sort}>
            {c.header}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-dir`} className="sr-only">
        Direction
      </label>
      <select
        id={`${id}-dir`}
        name="dir"
        className="field__input"
        key={`dir-${shown.dir}`}
        defaultValue={shown.dir}
      >
        <option value="asc">Ascending</option>
        <option value="desc">Descending</option>
      </select>
      <button type="submit" className="btn btn--small">
        Sort
      </button>
    </Form>
  )
}
