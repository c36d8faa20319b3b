// A separate process with its own SQLite connection that reserves one product for several pms
// at an agreed instant; prints the results as JSON. Used by the concurrency test.
import { STATUS_BY_CODE } from '../app/api/errors'
import { reserveProduct } from '../app/models/reservation.server'

const [pId, startAt, ...userIds] = process.argv.slice(2).map(Number)
while (Date.now() < startAt) await new Promise((r) => setTimeout(r, 1))
const results = userIds.map((id) => {
  const r = reserveProduct({ id, role: 'pm' }, pId)
  // The statuses the API would answer, so the test reads like the HTTP race test.
  return { status: r.ok ? 201 : STATUS_BY_CODE[r.code], message: r.message }
})
process.stdout.write(JSON.stringify(results))
