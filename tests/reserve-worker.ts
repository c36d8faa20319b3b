// A separate process with its own SQLite connection that reserves one product for several pms
// once the test says go; prints the results as JSON. Used by the concurrency test.
import readline from 'node:readline'
import { sqlite } from '../db/client'
import { STATUS_BY_CODE } from '../app/utils/http-errors'
import { reserveProduct } from '../app/models/reservation.server'

// On a busy machine another worker may hold the write lock for longer than the app's 5 s.
sqlite.pragma('busy_timeout = 60000')

const [pId, ...userIds] = process.argv.slice(2).map(Number)
// Ready (modules loaded, database open), then wait for the go that all workers get at once:
// however slow each start is, the reservations race.
const lines = readline.createInterface({ input: process.stdin })
process.stderr.write('ready\n')
await new Promise((resolve) => lines.once('line', resolve))
lines.close()
const results = userIds.map((id) => {
  const r = reserveProduct({ id, role: 'pm' }, pId)
  // The statuses the API would answer, so the test reads like the HTTP race test.
  return { status: r.ok ? 201 : STATUS_BY_CODE[r.code], message: r.message }
})
process.stdout.write(JSON.stringify(results))
