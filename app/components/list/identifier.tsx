/** The longest identifier (or part of an email) kept whole on one line. */
const WHOLE = 32

/**
 * An identifier in a list (an email, an order number): never broken at a dash or inside a word.
 * An email may go over two lines at its `@` (its name, then its domain), which lets a table give
 * its column less room; only a part too long for any column (a typed 70-character number) may
 * break where it must, so it cannot widen the page.
 */
export function Identifier({ value }: { value: string }) {
  const at = value.lastIndexOf('@')
  if (at <= 0) return <Part text={value} />
  return (
    <>
      <Part text={value.slice(0, at)} />
      <wbr />
      <Part text={value.slice(at)} />
    </>
  )
}

function Part({ text }: { text: string }) {
  return <span className={text.length <= WHOLE ? 'identifier' : undefined}>{text}</span>
}
