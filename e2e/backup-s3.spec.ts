import {
  caughtUp,
  expectRestored,
  loseAndRestore,
  readiness,
  recordOrder,
  s3Env,
  s3Port,
  s3Objects,
  shop,
  startS3,
  type Recorded,
} from './backup-helpers'
import fs from 'node:fs'
import { freshDir, restore, sparePort, startServer } from './servers'
import { DEMO, expect, runOnce, signInWith, test } from './utils'

const LAG_WARNING_SECONDS = 10

test.describe('backup to S3', () => {
  runOnce()

  test('replicates to an S3 server, keeps serving while it is down, catches up and restores', async () => {
    test.setTimeout(300_000)
    const port = sparePort(3)
    const bucketDir = freshDir('backup-s3-objects')
    let s3 = await startS3(s3Port(port), bucketDir)
    let up = true
    const dataDir = freshDir('backup-s3-data')
    const env = {
      ...s3Env(s3Port(port)),
      BACKUP_LAG_WARNING_SECONDS: String(LAG_WARNING_SECONDS),
    }
    let server = await startServer({ port, dataDir, env })
    try {
      const parties = await shop(server, 'backup-s3')
      const recorded = [await recordOrder(server, parties, 101)]
      await caughtUp(server, Date.now())
      expect(await readiness(server)).toMatchObject({ status: 200, body: { status: 'ready' } })

      // The store goes away: users' writes still succeed; the lag grows and is reported.
      await s3.close()
      up = false
      recorded.push(await recordOrder(server, parties, 102))
      const written = Date.now()
      await expect
        .poll(async () => (await readiness(server)).body, { timeout: 90_000, intervals: [1000] })
        .toMatchObject({
          status: 'not ready',
          // The pictures of the order wait as long as its rows: both are lag.
          problems: [
            'The backup replica is behind.',
            'Pictures have waited too long to be copied to the backup.',
          ],
          backup: { lagging: true, litestreamRunning: true },
        })
      const { status, body } = await readiness(server)
      expect(status).toBe(503)
      expect(body.backup!.picturesPending).toBeGreaterThan(0)
      expect(body.backup!.picturesWaitingSeconds).toBeGreaterThan(LAG_WARNING_SECONDS)
      expect(body.backup!.lagSeconds).toBeGreaterThan(LAG_WARNING_SECONDS)
      expect(Date.parse(body.backup!.replicatedThrough!)).toBeLessThan(written)

      await signInWith(server.api, DEMO.admin)
      const dashboard = await (await server.api.get('/admin/dashboard')).text()
      expect(dashboard).toMatch(
        /The backup is \d+ seconds behind: recent changes are not in the backup yet\./,
      )
      expect(dashboard).toMatch(/<dt>Pictures waiting to be copied<\/dt><dd>[1-9]\d*<\/dd>/)

      // The store comes back: replication and the picture copies resume by themselves.
      s3 = await startS3(s3Port(port), bucketDir)
      up = true
      await caughtUp(server, written)
      expect(await readiness(server)).toMatchObject({ status: 200, body: { status: 'ready' } })
      const calm = await (await server.api.get('/admin/dashboard')).text()
      expect(calm).not.toContain('seconds behind')
      expect(calm).toContain('<dt>Pictures waiting to be copied</dt><dd>0</dd>')

      server = await loseAndRestore(server, { port, dataDir, env, recorded })
      await expectRestored(server, parties.pm, recorded)
    } finally {
      await server.kill('SIGKILL')
      // Closing a stopped store throws, which would hide what failed.
      if (up) await s3.close()
    }
  })
  test('under order load every picture reaches S3 within the lag goal, and the restore checks each of 1,000+ files', async () => {
    test.setTimeout(600_000)
    const port = sparePort(5)
    const bucketDir = freshDir('backup-s3-load-objects')
    const s3 = await startS3(s3Port(port), bucketDir)
    const dataDir = freshDir('backup-s3-load-data')
    const env = { ...s3Env(s3Port(port)), BACKUP_LAG_WARNING_SECONDS: String(LAG_WARNING_SECONDS) }
    let server = await startServer({ port, dataDir, env })
    try {
      // Four marketers record orders side by side, each with three pictures (twelve files).
      const shops = await Promise.all([1, 2, 3, 4].map((n) => shop(server, `backup-s3-load-${n}`)))
      // The start's own copy (the demo's pictures, the first replication) is done: what is
      // watched below is how the copy keeps up with orders coming in.
      await caughtUp(server, Date.now())
      let loading = true
      let worst = 0
      const watch = (async () => {
        const seen: string[] = []
        while (loading) {
          const { body } = await readiness(server)
          worst = Math.max(worst, body.backup?.picturesWaitingSeconds ?? 0)
          seen.push(...body.problems)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        return seen
      })()
      const recordedBy: Recorded[][] = shops.map(() => [])
      const started = Date.now()
      try {
        await Promise.all(
          shops.map(async (parties, n) => {
            for (let i = 0; i < 20; i++) {
              recordedBy[n]!.push(await recordOrder(server, parties, 1000 + n * 100 + i))
            }
          }),
        )
      } finally {
        loading = false
      }
      const problems = await watch
      const recorded = recordedBy.flat()
      const seconds = (Date.now() - started) / 1000
      console.log(
        `backup-s3 load: ${recorded.length} orders (${recorded.length * 12} picture files) in ${seconds.toFixed(1)} s; the oldest waiting picture waited at most ${worst.toFixed(1)} s`,
      )
      // No picture waited past the lag goal, so readiness never said so.
      expect(problems).not.toContain('Pictures have waited too long to be copied to the backup.')
      expect(worst).toBeLessThan(LAG_WARNING_SECONDS)

      await caughtUp(server, Date.now())
      // Past s3rver's 1,000 keys a listing takes a continuation token: the restore reads them all.
      expect(s3Objects(bucketDir, 'review-desk/pictures')).toBeGreaterThan(1000)
      server = await loseAndRestore(server, { port, dataDir, env, recorded })
      for (const [n, parties] of shops.entries()) {
        await expectRestored(server, parties.pm, recordedBy[n]!)
      }
    } finally {
      await server.kill('SIGKILL')
      await s3.close()
    }
  })
  test('a restore from an S3 store that does not answer says so in a sentence, not a stack trace', async () => {
    const dataDir = freshDir('backup-s3-unreachable')
    const failed = await restore({ ...s3Env(sparePort(7) + 2000), DATA_DIR: dataDir }).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed).toMatchObject({ code: 1 })
    const { stderr } = failed as { stderr: string }
    expect(stderr).toMatch(/^Could not restore from s3:\/\/backups\/review-desk: .*ECONNREFUSED/)
    expect(stderr).not.toMatch(/^\s+at /m)
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})
