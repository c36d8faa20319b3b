// The S3 stand-in (s3rver) in a process of its own: `node --openssl-legacy-provider
// e2e/s3-server.mjs <port> <directory>`. s3rver signs the continuation token of a listing past
// 1,000 keys with DES, which OpenSSL 3 (Node 18 and later) offers only through its legacy
// provider; without it every listing stops at the first 1,000 keys.
import S3rver from 's3rver'

const [port, directory] = process.argv.slice(2)
const s3 = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'backups' }],
})
await s3.run()
process.stdout.write('ready\n')
process.once('SIGTERM', () => {
  s3.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})
