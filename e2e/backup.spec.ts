import fs from 'node:fs'
import {
  caughtUp,
  expectRestored,
  loseAndRestore,
  readiness,
  recordOrder,
  shop,
} from './backup-helpers'
import { spawn } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import { freshDir, restore, sparePort, startServer } from './servers'
import { litestreamBinary, writeLitestreamConfig } from '../server/litestream'
import {
  apiCreateProduct,
  apiRegister,
  apiReserve,
  bearer,
  expect,
  newProduct,
  runOnce,
  test,
} from './utils'

test.describe('backup and restore', () => {
  runOnce()

  test('every acknowledged order, status change and picture survives the loss of the machine', async () => {
    test.setTimeout(240_000)
    const options = fileReplicaServer('backup', 1)
    let server = await startServer(options)
    try {
      const parties = await shop(server, 'backup')
      const busy = await apiRegister(server.api, 'pm', 'backup-busy')
      const other = await apiCreateProduct(server.api, parties.pmm.token, newProduct())

      // Other writes go on meanwhile: another pm reserves and releases, again and again.
      let writing = true
      const background = (async () => {
        let writes = 0
        while (writing) {
          const reserved = await apiReserve(server.api, busy.token, other.pId)
          expect(reserved.status()).toBe(201)
          const released = await server.api.delete(`/api/v1/reserve/${other.pId}`, {
            headers: bearer(busy.token),
          })
          expect(released.status()).toBe(200)
          writes += 2
        }
        return writes
      })().catch((error: Error) => error)

      const recorded = []
      try {
        for (let i = 0; i < 5; i++) recorded.push(await recordOrder(server, parties, i))
      } finally {
        writing = false
        await background
      }
      expect(await background).toBeGreaterThan(0)
      const acknowledged = Date.now()

      await caughtUp(server, acknowledged)
      expect((await readiness(server)).status).toBe(200)

      server = await loseAndRestore(server, { ...options, recorded })
      await expectRestored(server, parties.pm, recorded)
    } finally {
      await server.kill('SIGKILL')
    }
  })

  test('a restore checks every picture row against its files, and a failed one leaves the folder empty', async () => {
    test.setTimeout(180_000)
    const options = fileReplicaServer('backup-verify', 6)
    const server = await startServer(options)
    try {
      const parties = await shop(server, 'backup-verify')
      await recordOrder(server, parties, 601)
      await caughtUp(server, Date.now())
    } finally {
      await server.kill('SIGKILL')
    }
    const replica = options.env.BACKUP_URL.slice('file://'.length)
    const pictures = path.join(replica, 'pictures')
    const files = fs.readdirSync(pictures, { recursive: true, encoding: 'utf8' })
    // Two files of the order's pictures never reached the backup (the newest files written).
    const lost = files
      .filter((name) => name.endsWith('-original.png') || name.endsWith('-thumb.webp'))
      .map((name) => ({ name, at: fs.statSync(path.join(pictures, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .slice(0, 2)
      .map((f) => f.name)
    for (const name of lost) fs.rmSync(path.join(pictures, name))
    // And one original came back cut short.
    const cut = files.find((name) => name.endsWith('-original.png') && !lost.includes(name))!
    const whole = fs.statSync(path.join(pictures, cut)).size
    fs.truncateSync(path.join(pictures, cut), 10)

    fs.rmSync(options.dataDir, { recursive: true, force: true })
    const env = { ...options.env, DATA_DIR: options.dataDir }
    const incomplete = await restore(env).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(incomplete).toMatchObject({ code: 1 })
    const { stdout, stderr } = incomplete as { stdout: string; stderr: string }
    expect(stdout).toContain('integrity check: ok')
    expect(stderr).toMatch(
      /picture files: 2 missing, 1 damaged, of [2-3] pictures \((1 order shows|[2-9] orders show) one of them\); the backup does not hold them whole:/,
    )
    for (const name of lost) expect(stderr).toContain(`    ${name}\n`)
    expect(stderr).toContain(`    ${cut} (10 bytes of ${whole})\n`)

    // A replica whose WAL segment is cut short: Litestream fails mid-way; nothing is left behind.
    fs.rmSync(options.dataDir, { recursive: true, force: true })
    const generations = path.join(replica, 'db', 'generations')
    for (const generation of fs.readdirSync(generations)) {
      for (const wal of fs.readdirSync(path.join(generations, generation, 'wal'))) {
        fs.truncateSync(path.join(generations, generation, 'wal', wal), 100)
      }
    }
    const failed = await restore(env).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1 })
    expect((failed as { stderr: string }).stderr).toContain(
      `Could not restore from ${options.env.BACKUP_URL}:`,
    )
    expect(fs.readdirSync(options.dataDir)).toEqual([])
  })

  test('a server started on an empty data folder restores the backup instead of seeding a demo, and a restore passes over a demo generation', async () => {
    test.setTimeout(240_000)
    const options = fileReplicaServer('backup-empty-start', 7)
    const replica = options.env.BACKUP_URL.slice('file://'.length)
    let server = await startServer(options)
    let parties: Awaited<ReturnType<typeof shop>>
    let recorded: Awaited<ReturnType<typeof recordOrder>>
    try {
      parties = await shop(server, 'backup-empty-start')
      recorded = await recordOrder(server, parties, 701)
      await caughtUp(server, Date.now())
    } finally {
      await server.kill('SIGKILL')
    }

    // A new container on an empty volume, with the real BACKUP_URL: it starts from the backup.
    fs.rmSync(options.dataDir, { recursive: true, force: true })
    server = await startServer(options)
    try {
      expect(server.log()).toContain(
        `No database in ${options.dataDir}: restored it from ${options.env.BACKUP_URL}`,
      )
      expect(server.log()).toContain('picture files: every picture row has its 4 files')
      expect(server.log()).not.toContain('Seeded demo data')
      await expectRestored(server, parties.pm, [recorded])
      await caughtUp(server, Date.now())
    } finally {
      await server.kill('SIGKILL')
    }

    // What the incident left: a demo database (a server seeded on an empty folder, nobody used
    // it) replicated as the replica's newest generation.
    const demoDir = freshDir('backup-empty-start-demo')
    const demo = await startServer({ port: options.port, dataDir: demoDir })
    await demo.kill('SIGTERM')
    const generationsDir = path.join(replica, 'db', 'generations')
    const before = new Set(fs.readdirSync(generationsDir))
    const config = writeLitestreamConfig(
      { kind: 'file', url: options.env.BACKUP_URL, root: replica },
      path.join(demoDir, 'app.db'),
    )
    const replicating = spawn(litestreamBinary(), ['replicate', '-config', config], {
      stdio: 'ignore',
    })
    try {
      await expect
        .poll(
          () =>
            fs
              .readdirSync(generationsDir)
              .filter(
                (g) =>
                  !before.has(g) &&
                  fs.existsSync(path.join(generationsDir, g, 'wal')) &&
                  fs.readdirSync(path.join(generationsDir, g, 'wal')).length > 0,
              ).length,
          { timeout: 30_000 },
        )
        .toBe(1)
    } finally {
      replicating.kill('SIGTERM')
      await new Promise((resolve) => replicating.once('exit', resolve))
      fs.rmSync(path.dirname(config), { recursive: true, force: true })
    }
    const demoGeneration = fs.readdirSync(generationsDir).find((g) => !before.has(g))!

    fs.rmSync(options.dataDir, { recursive: true, force: true })
    const { stdout } = await restore({ ...options.env, DATA_DIR: options.dataDir })
    expect(stdout).toContain(`passed over the newer generation ${demoGeneration} (to `)
    expect(stdout).toContain('): it holds only the demo data a server seeded')
    const sqlite = new Database(path.join(options.dataDir, 'app.db'), { readonly: true })
    const found = sqlite
      .prepare('SELECT count(*) AS n FROM orders WHERE order_number = ?')
      .get(recorded.orderNumber) as { n: number }
    sqlite.close()
    expect(found.n).toBe(1)
  })

  test('a Litestream left running by a killed primary is stopped by the next start', async () => {
    test.setTimeout(120_000)
    const options = fileReplicaServer('backup-orphan', 4)
    const first = await startServer(options)
    const litestreamOf = (pid: number) =>
      childrenOf(pid).find((child) => commandOf(child).includes('litestream'))
    await expect.poll(() => litestreamOf(first.process.pid!), { timeout: 30_000 }).toBeTruthy()
    const orphan = litestreamOf(first.process.pid!)!
    // Litestream logs to pipes the primary reads: its next line after the primary is gone (the
    // first segment it writes) kills it. Once it has replicated what there is it is silent, and
    // outlives the primary as long as nothing is written, which is what the next start must stop.
    await caughtUp(first, Date.now())
    // Only the primary dies, as `kill -9` of its pid does: its Litestream outlives it.
    process.kill(first.process.pid!, 'SIGKILL')
    await expect.poll(() => commandOf(first.process.pid!), { timeout: 20_000 }).toBe('')
    expect(commandOf(orphan)).toContain('litestream')

    const second = await startServer(options)
    try {
      await expect.poll(() => commandOf(orphan), { timeout: 30_000 }).toBe('')
      await expect.poll(() => litestreamOf(second.process.pid!), { timeout: 30_000 }).toBeTruthy()
      await expect.poll(async () => (await readiness(second)).status, { timeout: 60_000 }).toBe(200)
    } finally {
      await second.kill('SIGKILL')
      await first.kill('SIGKILL')
    }
  })
})

/**
 * A server on spare port `offset`, on a fresh data directory (`<name>-data`), replicating to a
 * fresh file replica (`<name>-replica`).
 */
function fileReplicaServer(name: string, offset: number) {
  return {
    port: sparePort(offset),
    dataDir: freshDir(`${name}-data`),
    env: { BACKUP_URL: `file://${freshDir(`${name}-replica`)}` },
  }
}

function childrenOf(pid: number): number[] {
  try {
    const list = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    return list.split(' ').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** The process's command line, or '' once it is gone (or a zombie). */
function commandOf(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return ''
  }
}
