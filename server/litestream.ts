import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BackupTarget } from '../app/core/backup-target.server'

/**
 * How to run Litestream: through `nice` where the system has it, so that replication waits for a
 * spare moment rather than slowing requests under full load (it catches up within seconds after).
 */
export function litestreamCommand(args: string[]): [string, string[]] {
  const binary = litestreamBinary()
  return fs.existsSync(NICE) ? [NICE, ['-n', '10', binary, ...args]] : [binary, args]
}
const NICE = '/usr/bin/nice'

/** The Litestream binary that @flydotio/litestream installed for this platform (no download). */
export function litestreamBinary() {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN
  const require = createRequire(import.meta.url)
  return require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`)
}

/**
 * Litestream's configuration for the database at `dbFile`: one replica under `db/` of the target,
 * synced every second, restorable to any point of the last 7 days (a snapshot a day). `metricsPort`
 * serves Litestream's own metrics on the loopback, from which the lag is read (server/backup.ts).
 */
export function litestreamConfig(target: BackupTarget, dbFile: string, metricsPort?: number) {
  const q = (value: string) => JSON.stringify(value)
  const replica =
    target.kind === 'file'
      ? [`type: file`, `path: ${q(path.join(target.root, 'db'))}`]
      : [
          `type: s3`,
          `bucket: ${q(target.bucket)}`,
          `path: ${q([target.prefix, 'db'].filter(Boolean).join('/'))}`,
          `region: ${q(target.region)}`,
          ...(target.endpoint ? [`endpoint: ${q(target.endpoint)}`, `force-path-style: true`] : []),
        ]
  return [
    ...(metricsPort ? [`addr: ${q(`127.0.0.1:${metricsPort}`)}`] : []),
    `dbs:`,
    `  - path: ${q(dbFile)}`,
    `    replicas:`,
    `      - ${replica[0]}`,
    ...replica.slice(1).map((line) => `        ${line}`),
    `        sync-interval: 1s`,
    `        retention: 168h`,
    `        snapshot-interval: 24h`,
    '',
  ].join('\n')
}

/** Writes the configuration to a fresh private temporary directory; returns the file's path. */
export function writeLitestreamConfig(
  target: BackupTarget,
  dbFile: string,
  metricsPort?: number,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-desk-litestream-'))
  const file = path.join(dir, 'litestream.yml')
  fs.writeFileSync(file, litestreamConfig(target, dbFile, metricsPort), { mode: 0o600 })
  return file
}
