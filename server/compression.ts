import zlib from 'node:zlib'
import compression from 'compression'

/**
 * Pages and `.data` compressed as they stream: Brotli when the browser takes it, else gzip.
 *
 * Brotli at quality 5: on a 39 KB list page 6.8 KB for 0.50 ms of CPU, against 7.9 KB for 0.17 ms
 * at quality 2 and 7.3 KB for 0.34 ms at 4; the pages' bytes are the scarcer resource
 * (docs/performance.md, 19). Its window at 64 KB (2^16): at the default 4 MB a page over 64 KB
 * grew the encoder's tables, which Node counts as the heap's external memory, and V8 marked the
 * whole heap every few pages (entry 41, which set 256 KB); at 64 KB or less the encoder also takes
 * its lighter matcher for qualities 5 and 6, whose tables cost a fraction to set up for each page:
 * a month's report page with its charts (72 KB) 1.1 ms of CPU less a view, the same bytes within
 * 0.2 % (entry 57). A page longer than the window still compresses: only repeats more than 64 KB
 * apart are not found.
 */
export const pageCompression = () =>
  compression({
    level: 3,
    brotli: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
      },
    },
  })
