/**
 * Version triggers: a write to a table bumps a number in `list_versions` in the same transaction,
 * whichever process writes, so what the app keeps in memory about that table (a list's count,
 * a lookup) knows when to read it again. A table's remembered data is only right if it has all
 * three triggers; `missingVersionTriggers` checks that in the database itself.
 *
 * A migration for a new table prints its triggers with
 *   node --import tsx db/version-triggers.ts <table> [lists|lookups] [--qualified]
 * and pastes them into the migration (`npx drizzle-kit generate --custom` makes an empty one).
 */
import { pathToFileURL } from 'node:url'
import type Database from 'better-sqlite3'

/** The rows of `list_versions`: lists that page and count (0007), lookups kept in memory (0008). */
export const VERSION_IDS = { lists: 1, lookups: 2 } as const
export type VersionGroup = keyof typeof VERSION_IDS

const EVENTS = ['insert', 'update', 'delete'] as const

/**
 * The migration SQL (drizzle's statement breakpoints between statements) for one table. A table
 * that already has the other group's triggers (a lookup that becomes a counted list, as markets
 * did) needs `qualified` names, which carry the group, since trigger names are unique.
 */
export function versionTriggersSql(table: string, group: VersionGroup, qualified = false): string {
  const name = qualified ? `${table}_${group}` : table
  return EVENTS.map(
    (event) =>
      `CREATE TRIGGER \`list_versions_${name}_${event}\` AFTER ${event.toUpperCase()} ON \`${table}\` BEGIN\n` +
      `  UPDATE \`list_versions\` SET \`version\` = \`version\` + 1 WHERE \`id\` = ${VERSION_IDS[group]};\n` +
      `END;`,
  ).join('\n--> statement-breakpoint\n')
}

/**
 * The tables among `tables` that lack a trigger for an insert, an update or a delete bumping
 * `group`'s number, each with what it lacks ("notes (insert, update, delete)"); empty when all
 * are covered. Read from sqlite_master, so a trigger that was never migrated counts as missing.
 */
export function missingVersionTriggers(
  sqlite: Database.Database,
  tables: string[],
  group: VersionGroup,
): string[] {
  const triggers = sqlite
    .prepare(`select tbl_name as "table", sql from sqlite_master where type = 'trigger'`)
    .all() as { table: string; sql: string }[]
  const bumps = new RegExp(
    `update\\s+\`?list_versions\`?\\s+set\\s+\`?version\`?\\s*=\\s*\`?version\`?\\s*\\+\\s*1\\s+where\\s+\`?id\`?\\s*=\\s*${VERSION_IDS[group]}\\b`,
    'i',
  )
  return tables.flatMap((table) => {
    const missing = EVENTS.filter(
      (event) =>
        !triggers.some(
          (t) =>
            t.table === table &&
            new RegExp(`\\bafter\\s+${event}\\s+on\\b`, 'i').test(t.sql) &&
            bumps.test(t.sql),
        ),
    )
    return missing.length ? [`${table} (${missing.join(', ')})`] : []
  })
}

// Run directly: print the triggers of the table named on the command line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const [table, group = 'lists'] = args.filter((a) => a !== '--qualified')
  if (!table || !(group in VERSION_IDS)) {
    console.error(
      'Usage: node --import tsx db/version-triggers.ts <table> [lists|lookups] [--qualified]',
    )
    process.exit(1)
  }
  console.log(versionTriggersSql(table, group as VersionGroup, args.includes('--qualified')))
}
