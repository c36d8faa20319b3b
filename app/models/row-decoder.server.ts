import { Column, is } from 'drizzle-orm'

/**
 * Turns a prepared statement's raw values (`.values()`) into rows of the selection `fields`: each
 * column's own decoder (timestamps become Dates, booleans booleans), in the selection's order.
 * Drizzle's general row mapping checks every field's kind for every row; on a products page it
 * cost more than the query's 25 rows, and on a large report as much as the query.
 */
export function rowDecoder<Row>(fields: Record<string, unknown>) {
  const names = Object.keys(fields)
  const decoders = Object.values(fields).map((field) =>
    is(field, Column)
      ? (value: unknown) => (value === null ? null : field.mapFromDriverValue(value))
      : (value: unknown) => value,
  )
  return (values: unknown[]) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < names.length; i++) row[names[i]!] = decoders[i]!(values[i])
    return row as Row
  }
}

/** Where a field of the selection `fields` is among a raw row's values. */
export function valueIndex(fields: Record<string, unknown>, name: string) {
  return Object.keys(fields).indexOf(name)
}
