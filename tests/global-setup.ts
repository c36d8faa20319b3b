import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** One scratch folder for the run; each test file gets its own database inside it. */
export default function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'review-desk-tests-'))
  process.env.TEST_DATA_ROOT = root
  return () => fs.rmSync(root, { recursive: true, force: true })
}
