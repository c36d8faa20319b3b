import { SHORTCUTS } from './shortcut-list'

/** The shortcuts as a table: the keys, what they do (admins also see their own). */
export function ShortcutTable({ admin }: { admin: boolean }) {
  return (
    <table className="table shortcut-table">
      <caption className="sr-only">Keyboard shortcuts</caption>
      <thead>
        <tr>
          <th scope="col">Keys</th>
          <th scope="col">What they do</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.filter((s) => admin || !s.admin).map((s) => (
          <tr key={s.keys}>
            <td>
              <kbd>{s.keys}</kbd>
            </td>
            <td>{s.what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
