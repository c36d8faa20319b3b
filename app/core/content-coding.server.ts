import zlib from 'node:zlib'
import Negotiator from 'negotiator'

/**
 * How answers are compressed (docs/performance.md, entries 19, 41, 57 and 61): Brotli at quality 5
 * with a 64 KB window (2^16) when the client takes it, else gzip at level 3. The streaming
 * middleware (server/compression.ts: exports, the API) and the whole-body encoder below (pages
 * and their `.data`, `answerWithValidator`) share these.
 *
 * Brotli at quality 5: on a 39 KB list page 6.8 KB for 0.50 ms of CPU, against 7.9 KB for 0.17 ms
 * at quality 2 and 7.3 KB for 0.34 ms at 4; the pages' bytes are the scarcer resource. Its window
 * at 64 KB: at the default 4 MB a page over 64 KB grew the encoder's tables, which Node counts as
 * the heap's external memory, and V8 marked the whole heap every few pages (entry 41); at 64 KB or
 * less the encoder also takes its lighter matcher for qualities 5 and 6 (entry 57). An answer
 * longer than the window still compresses: only repeats more than 64 KB apart are not found (a CSV
 * export 5 % larger).
 */
export const BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
}
export const GZIP_LEVEL = 3

/** Below this many bytes an answer goes as it is (the streaming middleware's threshold too). */
export const COMPRESS_FROM_BYTES = 1024

export type ContentCoding = 'br' | 'gzip'

/**
 * The codings a page is sent in, Brotli preferred on a tie: the streaming middleware's, without
 * the deflate no browser needs.
 */
const CODINGS = ['br', 'gzip', 'identity']
const PREFERRED: ContentCoding[] = ['br', 'gzip']

/**
 * The coding an `Accept-Encoding` header asks for, negotiated as the streaming middleware
 * negotiates it (`negotiator`, which `compression` uses): the highest weight wins, Brotli on a tie,
 * `*` stands for any coding not named, a weight of 0 refuses one; none when the header is absent
 * or neither coding is taken (`identity` then).
 */
export function chosenCoding(acceptEncoding: string | null): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(
    CODINGS,
    PREFERRED,
  )
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/**
 * A whole answer's bytes in the coding the client asked for (`chosenCoding`), compressed in this
 * thread at once. The streaming middleware sends each answer's chunks through the thread pool and
 * back, and on two busy cores each hop waits for a CPU: over HTTP against the built server at 10x
 * data, 50 list views a second per core had p50 / p99 27 / 212-234 ms that way and 14-18 / 75-109
 * ms this way (entry 61). Small answers, and clients that take neither coding, get the bytes as
 * they are.
 */
export function encodeWhole(
  body: Buffer<ArrayBuffer>,
  acceptEncoding: string | null,
): { coding: ContentCoding | undefined; body: Buffer<ArrayBuffer> } {
  const coding = body.length < COMPRESS_FROM_BYTES ? undefined : chosenCoding(acceptEncoding)
  if (coding === 'br') {
    const params = { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    return { coding, body: zlib.brotliCompressSync(body, { params }) }
  }
  if (coding === 'gzip') return { coding, body: zlib.gzipSync(body, { level: GZIP_LEVEL }) }
  return { coding, body }
}
