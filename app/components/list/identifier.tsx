/** The longest identifier kept whole on one line: an email or order number of a usual length. */
const WHOLE = 32

/**
 * An identifier in a list (an email, an order number): drawn whole on one line, never broken at
 * a dash or inside a word; only one too long for any column (a typed 70-character number) may
 * break where it must, so it cannot widen the page.
 */
export function Identifier({ value }: { value: string }) {
  return <span className={value.length <= WHOLE ? 'identifier' : undefined}>{value}</span>
}
