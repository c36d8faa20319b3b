/** The little of s3rver the backup specs use (the package ships no types). */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>)
    run(): Promise<unknown>
    close(): Promise<void>
  }
}
