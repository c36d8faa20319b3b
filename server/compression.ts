import zlib from 'node:zlib'
import compression from 'compression'

/**
 * Every compressible answer (pages, `.data`, the API's JSON, the CSV and TXT files) compressed as
 * it streams: Brotli when the client takes it, else gzip.
 *
 * Brotli at quality 5: on a 39 KB list page 6.8 KB for 0.50 ms of CPU, against 7.9 KB for 0.17 ms
 * at quality 2 and 7.3 KB for 0.34 ms at 4; the pages' bytes are the scarcer resource
 * (docs/performance.md, 19). Its window at 64 KB (2^16): at the default 4 MB a page over 64 KB
 * grew the encoder's tables, which Node counts as the heap's external memory, and V8 marked the
 * whole heap every few pages (entry 41, which set 256 KB); at 64 KB or less the encoder also takes
 * its lighter matcher for qualities 5 and 6, whose tables cost a fraction to set up for each page:
 * a month's report page with its charts (72 KB) 9.0 -> 7.8 ms of CPU a view and the heavy
 * manager's Orders page 7.9 -> 6.3 (one process, 10 connections, 10x data), the pages' bytes
 * within 0.2 % (entry 57). An answer longer than the window still compresses: only repeats more
 * than 64 KB apart are not found (a CSV export 5 % larger).
 */
export const responseCompression = () =>
  compression({
    level: 3,
    brotli: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
      },
    },
  })
