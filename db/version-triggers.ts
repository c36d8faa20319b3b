/**
 * Version triggers: a write to a table bumps a number in the same transaction, whichever process
 * writes, so what the app keeps in memory about that table knows when to read it again: a lookup
 * (`list_versions`, per group of tables), a list's count or anchors (`data_versions`, per table
 * and column). What is remembered is only right if every trigger is there; `missingVersionTriggers`
 * and `missingDataVersions` check that in the database itself.
 *
 * A migration for a new table prints its triggers with
 *   node --import tsx db/version-triggers.ts <table> lookups
 *   node --import tsx db/version-triggers.ts <table> data <column>...
 * and pastes them into the migration (`npx drizzle-kit generate --custom` makes an empty one).
 */
import { pathToFileURL } from 'node:url'
import type Database from 'better-sqlite3'

/**
 * The rows of `list_versions`: lookups kept in memory (0008). Row 1 counted lists' writes until
 * the data versions below replaced it (0026).
 */
export const VERSION_IDS = { lookups: 2 } as const
export type VersionGroup = keyof typeof VERSION_IDS

const EVENTS = ['insert', 'update', 'delete'] as const

/** The migration SQL (drizzle's statement breakpoints between statements) for one table. */
export function versionTriggersSql(table: string, group: VersionGroup): string {
  return EVENTS.map(
    (event) =>
      `CREATE TRIGGER \`list_versions_${table}_${event}\` AFTER ${event.toUpperCase()} ON \`${table}\` BEGIN\n` +
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

/**
 * Data versions (migration 0026), finer than the groups above, for what lists remember: per
 * table `t` a row `t` whose version goes up with each insert and delete and whose `rows` is the
 * table's row count, and per column `c` a row `t.c` whose version goes up when an update changes
 * that column's value. A count over `t` filtered on `c` then stays right, and remembered, through
 * writes to every other column, and an unfiltered count is the kept number. A table's
 * data versions are only right with a row and a trigger for each of its columns;
 * `missingDataVersions` checks that in the database itself, column by column.
 */
export function dataVersionsSql(table: string, columns: string[]): string {
  const membership = (event: 'insert' | 'delete', step: string) =>
    `CREATE TRIGGER \`data_versions_${table}_${event}\` AFTER ${event.toUpperCase()} ON \`${table}\` BEGIN\n` +
    `  UPDATE \`data_versions\` SET \`version\` = \`version\` + 1, \`rows\` = \`rows\` ${step} 1 WHERE \`name\` = '${table}';\n` +
    `END;`
  const change = (column: string) =>
    `CREATE TRIGGER \`data_versions_${table}_${column}\` AFTER UPDATE OF \`${column}\` ON \`${table}\` ` +
    `WHEN old.\`${column}\` IS NOT new.\`${column}\` BEGIN\n` +
    `  UPDATE \`data_versions\` SET \`version\` = \`version\` + 1 WHERE \`name\` = '${table}.${column}';\n` +
    `END;`
  const rows =
    `INSERT INTO \`data_versions\` (\`name\`, \`version\`, \`rows\`) VALUES ` +
    `('${table}', 0, (SELECT count(*) FROM \`${table}\`))` +
    columns.map((column) => `, ('${table}.${column}', 0, NULL)`).join('') +
    ';'
  return [rows, membership('insert', '+'), membership('delete', '-'), ...columns.map(change)].join(
    '\n--> statement-breakpoint\n',
  )
}

/**
 * What `table` lacks of its data versions for its columns as they are now: a row of
 * `data_versions` or a trigger (as `dataVersionsSql` writes it), each named; empty when complete.
 */
export function missingDataVersions(sqlite: Database.Database, table: string): string[] {
  const columns = sqlite
    .prepare(`select name from pragma_table_info(?)`)
    .pluck()
    .all(table) as string[]
  const expected = dataVersionsSql(table, columns).split('\n--> statement-breakpoint\n').slice(1)
  const hasVersions = sqlite
    .prepare(`select count(*) from sqlite_master where name = 'data_versions'`)
    .pluck()
    .get()
  const rows = new Set(
    hasVersions ? (sqlite.prepare('select name from data_versions').pluck().all() as string[]) : [],
  )
  const triggers = new Map(
    (
      sqlite
        .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = ?`)
        .all(table) as { name: string; sql: string }[]
    ).map((t) => [t.name, t.sql.replace(/\s+/g, ' ')]),
  )
  const missing = [table, ...columns.map((c) => `${table}.${c}`)].filter((n) => !rows.has(n))
  for (const trigger of expected) {
    const name = /^CREATE TRIGGER `([^`]+)`/.exec(trigger)![1]!
    if (triggers.get(name) !== trigger.replace(/;$/, '').replace(/\s+/g, ' '))
      missing.push(`trigger ${name}`)
  }
  return missing
}

// Run directly: print what a migration adds for the table named on the command line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const [table, group, ...columns] = args
  if (table && group === 'data' && columns.length) console.log(dataVersionsSql(table, columns))
  else if (table && group && group in VERSION_IDS && !columns.length)
    console.log(versionTriggersSql(table, group as VersionGroup))
  else {
    console.error(
      'Usage: node --import tsx db/version-triggers.ts <table> lookups\n' +
        '       node --import tsx db/version-triggers.ts <table> data <column>...',
    )
    process.exit(1)
  }
}
