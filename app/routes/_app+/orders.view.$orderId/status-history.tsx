type Change = { id: number; by: string; from: string | null; to: string; at: string }

/** Every status change, newest first; the creation is the first entry (from nothing). */
export function StatusHistory({ rows }: { rows: ReadonlyArray<Change> }) {
  return (
    <section aria-labelledby="status-history" className="order-history">
      <h2 id="status-history" className="section-title">
        Status history
      </h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">Status history</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <td className="nowrap">{c.at}</td>
                <td>{c.by}</td>
                <td>{c.from ?? 'Created'}</td>
                <td>{c.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
