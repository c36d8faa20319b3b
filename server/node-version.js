// The Node.js the app runs on: 22.12 or newer (package.json engines). Node 20 is end of life, and
// better-sqlite3's native module built for a newer Node does not fail cleanly on it: it crashes the
// process as it loads (a segmentation fault). `npm start` (scripts/start.js) and the built server
// (server.ts) both call `refuseOldNode` before anything opens the database.

/** The message that refuses `version` (process.versions.node's form), or undefined when it runs. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number)
  if (major > 22 || (major === 22 && minor >= 12)) return undefined
  return (
    `Review desk needs Node.js 22.12 or newer (tested on 22 and 24); this is Node.js ${version}.\n` +
    'Get Node.js 24 from the npm registry for this shell, then start again:\n' +
    '  . scripts/use-node.sh && npm ci && npm start'
  )
}

/** Exits with the message on a Node this app does not run on. */
export function refuseOldNode() {
  const problem = nodeVersionProblem()
  if (!problem) return
  console.error(problem)
  process.exit(1)
}
