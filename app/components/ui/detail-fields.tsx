/** A detail page's facts: each a term and its value, in the order given. */
export function DetailFields({
  fields,
}: {
  fields: Array<[term: string, value: string | number]>
}) {
  return (
    <dl className="detail__fields">
      {fields.map(([term, value]) => (
        <div key={term} className="detail__field">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
