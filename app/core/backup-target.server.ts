import { copyFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Client } from '@aws-sdk/client-s3'

/**
 * Where backups go, read from BACKUP_URL: `file:///mounted/path` or `s3://bucket/prefix` (with
 * the usual AWS variables, and BACKUP_S3_ENDPOINT for S3-compatible stores such as R2 or MinIO).
 * The database replica lives under `db/`, the pictures under `pictures/`.
 */
export type BackupTarget =
  | { kind: 'file'; url: string; root: string }
  | {
      kind: 's3'
      url: string
      bucket: string
      prefix: string
      endpoint?: string
      region: string
    }

/** The target named by BACKUP_URL; undefined when backups are off. Throws on a URL it cannot use. */
export function backupTarget(
  env: Record<string, string | undefined> = process.env,
): BackupTarget | undefined {
  const raw = env.BACKUP_URL?.trim()
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`BACKUP_URL is not a URL: ${raw}`)
  }
  if (url.protocol === 'file:') {
    return { kind: 'file', url: raw, root: path.resolve(decodeURIComponent(url.pathname)) }
  }
  if (url.protocol === 's3:' && url.hostname) {
    return {
      kind: 's3',
      url: raw,
      bucket: url.hostname,
      prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
      endpoint: env.BACKUP_S3_ENDPOINT || undefined,
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    }
  }
  throw new Error(`BACKUP_URL must be file:///path or s3://bucket/prefix, not ${raw}`)
}

/**
 * A place to keep files by name. Names are immutable (pictures are named by their content), so
 * a name that exists never needs copying again, and nothing is ever overwritten or deleted.
 */
export interface FileStore {
  /**
   * Copies a local file in under `name`. Its file work is synchronous: it runs in the backup's
   * low-priority thread (server/picture-copier.ts), which Node's shared thread pool would not be.
   */
  put(name: string, file: string): Promise<void>
  /** Every name held. */
  list(): Promise<Set<string>>
  /** Copies `name` out to a local file. */
  get(name: string, file: string): Promise<void>
}

/** The store for the pictures of a target. */
export function pictureStore(target: BackupTarget): FileStore {
  return target.kind === 'file'
    ? directoryStore(path.join(target.root, 'pictures'))
    : bucketStore(target, joinKey(target.prefix, 'pictures'))
}

function directoryStore(root: string): FileStore {
  return {
    async put(name, file) {
      const dest = path.join(root, name)
      mkdirSync(path.dirname(dest), { recursive: true })
      // A copy under a temporary name, then renamed: the backup never holds half a file.
      const tmp = `${dest}.${process.pid}.partial`
      copyFileSync(file, tmp)
      renameSync(tmp, dest)
    },
    async list() {
      const names = new Set<string>()
      const entries = await fs
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return []
          throw error
        })
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue
        names.add(path.relative(root, path.join(entry.parentPath, entry.name)))
      }
      return names
    },
    async get(name, file) {
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.copyFile(path.join(root, name), file)
    },
  }
}

function bucketStore(target: Extract<BackupTarget, { kind: 's3' }>, prefix: string): FileStore {
  let connected: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined
  const connect = () => (connected ??= s3Client(target))
  const key = (name: string) => joinKey(prefix, name.split(path.sep).join('/'))
  return {
    async put(name, file) {
      const { sdk, client } = await connect()
      // The bytes in memory (a picture is at most a few MB): the client's retries can send them
      // again, which a consumed file stream cannot.
      const body = readFileSync(file)
      await client.send(
        new sdk.PutObjectCommand({ Bucket: target.bucket, Key: key(name), Body: body }),
        {
          abortSignal: AbortSignal.timeout(60_000),
        },
      )
    },
    async list() {
      const { sdk, client } = await connect()
      const names = new Set<string>()
      let token: string | undefined
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: target.bucket,
            Prefix: `${prefix}/`,
            ContinuationToken: token,
          }),
        )
        for (const object of page.Contents ?? []) {
          if (object.Key) names.add(object.Key.slice(prefix.length + 1))
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return names
    },
    async get(name, file) {
      const { sdk, client } = await connect()
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: target.bucket, Key: key(name) }),
      )
      await fs.mkdir(path.dirname(file), { recursive: true })
      await pipeline(object.Body as Readable, (await fs.open(file, 'w')).createWriteStream())
    },
  }
}

/**
 * A client for the target; path-style addressing when an endpoint is named (MinIO, s3rver). The
 * SDK loads with the first bucket call: a process that never copies to a bucket (every one
 * without an s3:// BACKUP_URL) does not carry its 32 MB (docs/performance.md 46).
 */
async function s3Client(target: Extract<BackupTarget, { kind: 's3' }>) {
  const sdk = await import('@aws-sdk/client-s3')
  const client = new sdk.S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: Boolean(target.endpoint),
  })
  return { sdk, client }
}

function joinKey(...parts: string[]) {
  return parts.filter(Boolean).join('/')
}

/** The files of the database replica (Litestream's own layout), for copying them elsewhere. */
export function replicaStore(target: BackupTarget): FileStore {
  return target.kind === 'file'
    ? directoryStore(path.join(target.root, 'db'))
    : bucketStore(target, joinKey(target.prefix, 'db'))
}
