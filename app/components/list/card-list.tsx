import type { Key, ReactNode } from 'react'
import { LIST_TEXT, useListLoading } from './use-list-loading'

/** A list shown as cards, with the same loading and empty texts as the tables. */
export function CardList<Row>({
  rows,
  rowKey,
  card,
  className,
  itemClassName,
}: {
  rows: ReadonlyArray<Row>
  rowKey: (row: Row) => Key
  card: (row: Row, index: number) => ReactNode
  className: string
  itemClassName: string
}) {
  const loading = useListLoading()
  if (loading) {
    return (
      <p className="table__message" role="status">
        {LIST_TEXT.loading}
      </p>
    )
  }
  if (rows.length === 0) return <p className="table__message">{LIST_TEXT.empty}</p>
  return (
    <ul className={className}>
      {rows.map((row, index) => (
        <li key={rowKey(row)} className={itemClassName}>
          {card(row, index)}
        </li>
      ))}
    </ul>
  )
}
