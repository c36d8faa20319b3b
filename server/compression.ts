import compression from 'compression'
import { BROTLI_PARAMS, COMPRESS_FROM_BYTES, GZIP_LEVEL } from '../app/core/content-coding.server'

/**
 * Every compressible answer the app streams (the CSV and TXT files, the API's JSON, the other
 * routes' answers) compressed as it goes: Brotli when the client takes it, else gzip, with the
 * settings of app/core/content-coding.server.ts. Pages and their `.data` arrive compressed
 * already (`answerWithValidator` encodes their whole bytes at once, entry 61): the middleware
 * leaves an answer with a Content-Encoding as it is.
 */
export const responseCompression = () =>
  compression({
    level: GZIP_LEVEL,
    threshold: COMPRESS_FROM_BYTES,
    brotli: { params: BROTLI_PARAMS },
  })
