/**
 * better-sqlite3's Database class and its Statement prototype, for the bench's recorders
 * (sql-recorder.mjs, tail-recorder.mjs) to wrap in a server they are loaded into (`node --import`).
 */
import { createRequire } from 'node:module'

export const Database = createRequire(import.meta.url)('better-sqlite3')
const probe = new Database(':memory:')
export const Statement = Object.getPrototypeOf(probe.prepare('select 1'))
probe.close()
