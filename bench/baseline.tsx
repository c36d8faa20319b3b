/**
 * The bare baseline: Express + React renderToString of a 25-row product table read from the same
 * SQLite file, with no framework, no auth, no quota arithmetic. What the app costs beyond this is
 * what the benchmark reports.
 */
import Database from 'better-sqlite3'
import compression from 'compression'
import express from 'express'
import path from 'node:path'
import { renderToString } from 'react-dom/server'

const file = path.join(process.env.DATA_DIR ?? 'bench/.data', 'app.db')
const sqlite = new Database(file, { readonly: true })
const page = sqlite.prepare(
  `select p.p_id as pId, p.brand_name as brandName, p.keywords, m.short_name as market, u.name as seller
   from products p join markets m on m.id = p.market_id join users u on u.id = p.owner_id
   where p.status = 'published' order by p.id desc limit 25`,
)

type Row = { pId: number; brandName: string; keywords: string; market: string; seller: string }

const app = express()
app.get('/', (_req, res) => {
  const rows = page.all() as Row[]
  const html = renderToString(
    <html lang="en">
      <body>
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.pId}>
                <td>{r.seller}</td>
                <td>{r.market}</td>
                <td>{r.keywords}</td>
                <td>{r.pId}</td>
                <td>{r.brandName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>,
  )
  res.type('html').send(`<!DOCTYPE html>${html}`)
})

// "Same bytes": a page's HTML, stored once by the benchmark, served compressed per request by
// Express alone (what serving the app's own bytes costs, without computing them).
const same = new Map<string, Buffer>()
app.put('/same/:name', express.raw({ type: '*/*', limit: '10mb' }), (req, res) => {
  same.set(req.params.name, req.body as Buffer)
  res.sendStatus(204)
})
app.get('/same/:name', compression(), (req, res) => {
  res.type('html').send(same.get(req.params.name))
})

const server = app.listen(Number(process.env.PORT ?? 3401), () => process.send?.('ready'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
