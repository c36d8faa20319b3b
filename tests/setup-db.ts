import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Runs before each test file is imported: a fresh data directory, so the database client opens
// (and migrates) a new SQLite file for this file's tests.
const root = process.env.TEST_DATA_ROOT ?? os.tmpdir()
process.env.DATA_DIR = fs.mkdtempSync(path.join(root, 'db-'))
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET = 'test-secret'
