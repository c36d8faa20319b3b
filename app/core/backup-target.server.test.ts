import { describe, expect, test } from 'vitest'
import { litestreamConfig } from '../../server/litestream'
import { backupTarget } from './backup-target.server'

describe('BACKUP_URL', () => {
  test('unset or blank: no backup', () => {
    expect(backupTarget({})).toBeUndefined()
    expect(backupTarget({ BACKUP_URL: '  ' })).toBeUndefined()
  })

  test('file:// names a directory', () => {
    expect(backupTarget({ BACKUP_URL: 'file:///mnt/backup%20disk/desk' })).toEqual({
      kind: 'file',
      url: 'file:///mnt/backup%20disk/desk',
      root: '/mnt/backup disk/desk',
    })
  })

  test('s3:// names a bucket and a prefix, with the endpoint of an S3-compatible store', () => {
    expect(
      backupTarget({
        BACKUP_URL: 's3://my-bucket/review/desk/',
        BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000',
        AWS_REGION: 'auto',
      }),
    ).toEqual({
      kind: 's3',
      url: 's3://my-bucket/review/desk/',
      bucket: 'my-bucket',
      prefix: 'review/desk',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
    })
  })

  test('anything else is refused with the forms it takes', () => {
    expect(() => backupTarget({ BACKUP_URL: 'https://example.com/x' })).toThrow(
      'BACKUP_URL must be file:///path or s3://bucket/prefix, not https://example.com/x',
    )
    expect(() => backupTarget({ BACKUP_URL: 'not a url' })).toThrow(
      'BACKUP_URL is not a URL: not a url',
    )
  })
})

describe('Litestream configuration', () => {
  test('a file replica under db/, synced every second, kept 7 days', () => {
    const target = backupTarget({ BACKUP_URL: 'file:///mnt/b' })!
    expect(litestreamConfig(target, '/data/app.db', 4100)).toBe(
      [
        'addr: "127.0.0.1:4100"',
        'dbs:',
        '  - path: "/data/app.db"',
        '    replicas:',
        '      - type: file',
        '        path: "/mnt/b/db"',
        '        sync-interval: 1s',
        '        retention: 168h',
        '        snapshot-interval: 24h',
        '',
      ].join('\n'),
    )
  })

  test('an S3 replica with its endpoint uses path-style addressing', () => {
    const target = backupTarget({
      BACKUP_URL: 's3://b/p',
      BACKUP_S3_ENDPOINT: 'http://127.0.0.1:4341',
    })!
    const config = litestreamConfig(target, '/data/app.db')
    expect(config).toContain(
      [
        '      - type: s3',
        '        bucket: "b"',
        '        path: "p/db"',
        '        region: "us-east-1"',
        '        endpoint: "http://127.0.0.1:4341"',
        '        force-path-style: true',
      ].join('\n'),
    )
    expect(config).not.toContain('addr:')
  })
})
