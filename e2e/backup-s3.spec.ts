import {
  caughtUp,
  expectRestored,
  loseAndRestore,
  readiness,
  recordOrder,
  s3Env,
  s3Port,
  shop,
  startS3,
} from './backup-helpers'
import { freshDir, sparePort, startServer } from './servers'
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
          problems: ['The backup replica is behind.'],
          backup: { lagging: true, litestreamRunning: true },
        })
      const { status, body } = await readiness(server)
      expect(status).toBe(503)
      expect(body.backup!.picturesPending).toBeGreaterThan(0)
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
})
